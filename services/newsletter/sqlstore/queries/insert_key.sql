-- The first process to start keeps its key; the others' candidates are dropped.
INSERT INTO newsletter_keys (purpose, secret, created_at)
VALUES ($1, $2, $3)
ON CONFLICT (purpose) DO NOTHING;
