INSERT INTO analytics_daily (day, kind, key, n) VALUES ($1, $2, $3, $4)
ON CONFLICT (day, kind, key) DO UPDATE SET n = analytics_daily.n + excluded.n
