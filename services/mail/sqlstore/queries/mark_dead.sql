-- Give the message up, keeping the reason. $1 id, $2 lease, $3 at, $4 reason.
UPDATE mail_outbox
SET status      = 'dead',
    last_error  = $4,
    lease_token = NULL,
    lease_until = NULL,
    finished_at = $3,
    updated_at  = $3
WHERE id = $1 AND status = 'sending' AND lease_token = $2;
