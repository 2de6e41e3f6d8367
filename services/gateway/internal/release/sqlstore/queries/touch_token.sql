UPDATE deploy_tokens SET last_used_at = $2 WHERE id = $1
