-- $1 id.
SELECT id, message, status, attempts, next_attempt_at, last_error, created_at, lease_token, queued_at, finished_at
FROM mail_outbox
WHERE id = $1;
