-- The server accepted the message. Only the claim that holds the row may say so.
UPDATE mail_outbox
SET status      = 'sent',
    lease_token = NULL,
    lease_until = NULL,
    finished_at = :at,
    updated_at  = :at
WHERE id = :id AND status = 'sending' AND lease_token = :lease;
