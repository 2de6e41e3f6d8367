DELETE FROM analytics_visitors WHERE day < $1
