INSERT INTO admin_sessions (token_hash, user_name, credential, created_at, expires_at)
VALUES ($1, $2, $3, $4, $5)
