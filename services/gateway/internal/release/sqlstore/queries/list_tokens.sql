SELECT id, section, created_at, expires_at, revoked_at, last_used_at FROM deploy_tokens ORDER BY created_at DESC, id
