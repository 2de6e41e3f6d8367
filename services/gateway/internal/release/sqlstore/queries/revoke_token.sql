UPDATE deploy_tokens SET revoked_at = $2 WHERE id = $1 AND revoked_at = 0
