DELETE FROM admin_setup_tokens WHERE expires_at <= $1
