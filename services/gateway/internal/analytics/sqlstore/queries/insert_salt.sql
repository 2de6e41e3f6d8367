INSERT INTO analytics_salts (day, salt) VALUES ($1, $2)
ON CONFLICT (day) DO NOTHING
