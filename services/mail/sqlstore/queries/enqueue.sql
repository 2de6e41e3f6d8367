-- Queue one message, due at once. $1 message (JSON), $2 its Message-ID, $3 now.
INSERT INTO mail_outbox (message, message_id, status, attempts, next_attempt_at, created_at, updated_at, queued_at)
VALUES ($1, $2, 'pending', 0, $3, $3, $3, $3)
RETURNING id;
