-- The attempt failed: pending again until :next_attempt_at, keeping the error.
UPDATE mail_outbox
SET status          = 'pending',
    next_attempt_at = :next_attempt_at,
    last_error      = :last_error,
    lease_token     = NULL,
    lease_until     = NULL,
    updated_at      = :now
WHERE id = :id AND status = 'sending' AND lease_token = :lease;
