-- Claim up to $4 due rows under lease $1 until $2, oldest due first, and count the
-- attempt. $3 is now. Due: pending and its time has come, or sending with an expired
-- lease (its worker died). One statement, so SQLite's single writer makes the claim
-- atomic.
--
-- Each kind of due row is read from its own partial index, in order, and only the
-- first $4 of each: a long queue (thousands of messages waiting for the rate limit)
-- costs a claim no more than a short one. (One WHERE with an OR made SQLite read and
-- sort every due row at every claim.)
UPDATE mail_outbox
SET status      = 'sending',
    attempts    = attempts + 1,
    lease_token = $1,
    lease_until = $2,
    updated_at  = $3
WHERE id IN (
    SELECT id FROM (
        SELECT id, due FROM (
            SELECT id, next_attempt_at AS due FROM mail_outbox
            WHERE status = 'pending' AND next_attempt_at <= $3
            ORDER BY next_attempt_at, id
            LIMIT $4
        )
        UNION ALL
        SELECT id, due FROM (
            SELECT id, next_attempt_at AS due FROM mail_outbox
            WHERE status = 'sending' AND lease_until <= $3
            ORDER BY lease_until
            LIMIT $4
        )
    )
    ORDER BY due, id
    LIMIT $4
)
RETURNING id, message, status, attempts, next_attempt_at, last_error, created_at, lease_token, queued_at, finished_at;
