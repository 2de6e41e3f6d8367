DELETE FROM analytics_daily WHERE day < $1
