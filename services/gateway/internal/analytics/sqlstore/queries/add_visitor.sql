INSERT INTO analytics_visitors (day, id) VALUES ($1, $2)
ON CONFLICT (day, id) DO NOTHING
