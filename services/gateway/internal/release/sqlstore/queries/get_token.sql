SELECT section, secret_hash, created_at, expires_at, revoked_at, last_used_at FROM deploy_tokens WHERE id = $1
