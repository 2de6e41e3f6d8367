INSERT INTO analytics_visitors (day, id)
SELECT $1, value FROM json_each($2) WHERE true
ON CONFLICT (day, id) DO NOTHING
