DELETE FROM analytics_salts WHERE day < $1
