INSERT INTO section_secrets (purpose, secret, created_at) VALUES ($1, $2, $3)
ON CONFLICT (purpose) DO NOTHING
