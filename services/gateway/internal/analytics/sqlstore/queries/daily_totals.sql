SELECT day, kind, CAST(SUM(n) AS BIGINT) FROM analytics_daily
WHERE day >= $1 AND day <= $2 AND kind IN ('page', 'visitors')
GROUP BY day, kind
