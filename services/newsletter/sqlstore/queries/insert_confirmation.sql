INSERT INTO newsletter_confirmations (token_hash, subscriber_id, created_at, expires_at)
VALUES ($1, $2, $3, $4);
