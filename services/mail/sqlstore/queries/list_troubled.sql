-- What the admin looks at: dead rows, and pending rows whose last attempt failed,
-- most recently changed first. $1 limit.
SELECT id, message, status, attempts, next_attempt_at, last_error, created_at, lease_token, queued_at, finished_at
FROM mail_outbox
WHERE status = 'dead' OR (status = 'pending' AND last_error IS NOT NULL)
ORDER BY updated_at DESC, id DESC
LIMIT $1;
