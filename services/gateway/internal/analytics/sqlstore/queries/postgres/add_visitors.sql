INSERT INTO analytics_visitors (day, id)
SELECT $1, value FROM json_array_elements_text($2::json)
ON CONFLICT (day, id) DO NOTHING
