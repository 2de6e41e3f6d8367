SELECT key, CAST(SUM(n) AS BIGINT) AS total FROM analytics_daily
WHERE day >= $1 AND day <= $2 AND kind = $3
GROUP BY key
ORDER BY total DESC, key
LIMIT $4
