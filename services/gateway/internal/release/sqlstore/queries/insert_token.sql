INSERT INTO deploy_tokens (id, section, secret_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)
