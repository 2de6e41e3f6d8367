SELECT user_name, credential, created_at, expires_at
FROM admin_sessions
WHERE token_hash = $1 AND expires_at > $2
