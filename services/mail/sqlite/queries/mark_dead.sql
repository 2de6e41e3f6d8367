-- Give the message up, keeping the reason.
UPDATE mail_outbox
SET status      = 'dead',
    last_error  = :reason,
    lease_token = NULL,
    lease_until = NULL,
    finished_at = :at,
    updated_at  = :at
WHERE id = :id AND status = 'sending' AND lease_token = :lease;
