DELETE FROM admin_sessions WHERE expires_at <= $1
