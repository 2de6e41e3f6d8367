-- Queue one message, due at once.
INSERT INTO mail_outbox (message, message_id, status, attempts, next_attempt_at, created_at, updated_at)
VALUES (:message, :message_id, 'pending', 0, :now, :now, :now)
RETURNING id;
