-- Claim up to :limit due rows under one lease, oldest due first, and count the attempt.
-- Due: pending and its time has come, or sending with an expired lease (its worker died).
-- One statement, so SQLite's single writer makes the claim atomic.
UPDATE mail_outbox
SET status      = 'sending',
    attempts    = attempts + 1,
    lease_token = :token,
    lease_until = :lease_until,
    updated_at  = :now
WHERE id IN (
    SELECT id FROM mail_outbox
    WHERE (status = 'pending' AND next_attempt_at <= :now)
       OR (status = 'sending' AND lease_until <= :now)
    ORDER BY next_attempt_at, id
    LIMIT :limit
)
RETURNING id, message, status, attempts, next_attempt_at, last_error, created_at, lease_token;
