-- The server accepted the message. Only the claim that holds the row may say so.
-- $1 id, $2 lease, $3 at.
UPDATE mail_outbox
SET status      = 'sent',
    lease_token = NULL,
    lease_until = NULL,
    finished_at = $3,
    updated_at  = $3
WHERE id = $1 AND status = 'sending' AND lease_token = $2;
