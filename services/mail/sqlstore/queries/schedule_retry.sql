-- The attempt failed: pending again until the next attempt, keeping the error.
-- $1 id, $2 lease, $3 next attempt at, $4 last error, $5 now.
UPDATE mail_outbox
SET status          = 'pending',
    next_attempt_at = $3,
    last_error      = $4,
    lease_token     = NULL,
    lease_until     = NULL,
    updated_at      = $5
WHERE id = $1 AND status = 'sending' AND lease_token = $2;
