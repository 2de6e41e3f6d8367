INSERT INTO admin_setup_tokens (token_hash, created_at, expires_at) VALUES ($1, $2, $3)
