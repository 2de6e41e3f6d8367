DELETE FROM admin_sessions WHERE token_hash = $1
