DELETE FROM admin_setup_tokens WHERE token_hash = $1 AND expires_at > $2
