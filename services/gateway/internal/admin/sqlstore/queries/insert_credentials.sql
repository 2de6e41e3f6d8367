INSERT INTO admin_credentials (id, user_name, password_hash, created_at) VALUES (1, $1, $2, $3)
ON CONFLICT (id) DO NOTHING
