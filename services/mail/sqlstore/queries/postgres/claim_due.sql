-- Claim up to $4 due rows under lease $1 until $2, oldest due first, and count the
-- attempt. $3 is now. Due: pending and its time has come, or sending with an expired
-- lease (its worker died).
--
-- Replicas claim at the same time: FOR UPDATE locks the chosen rows and SKIP LOCKED
-- passes over the rows another claim is taking, so concurrent claims never wait for
-- each other and never take the same row. A row another claim changed and committed
-- meanwhile is checked against the WHERE again, so it is not taken twice either.
--
-- Each kind of due row is read from its own partial index, in order, and only the
-- first $4 of each, so a long queue costs a claim no more than a short one.
WITH pending AS (
    SELECT id, next_attempt_at AS due FROM mail_outbox
    WHERE status = 'pending' AND next_attempt_at <= $3
    ORDER BY next_attempt_at, id
    LIMIT $4
    FOR UPDATE SKIP LOCKED
), expired AS (
    SELECT id, next_attempt_at AS due FROM mail_outbox
    WHERE status = 'sending' AND lease_until <= $3
    ORDER BY lease_until
    LIMIT $4
    FOR UPDATE SKIP LOCKED
), chosen AS (
    SELECT id FROM (SELECT id, due FROM pending UNION ALL SELECT id, due FROM expired) AS due
    ORDER BY due, id
    LIMIT $4
)
UPDATE mail_outbox AS o
SET status      = 'sending',
    attempts    = o.attempts + 1,
    lease_token = $1,
    lease_until = $2,
    updated_at  = $3
FROM chosen
WHERE o.id = chosen.id
RETURNING o.id, o.message, o.status, o.attempts, o.next_attempt_at, o.last_error, o.created_at, o.lease_token, o.queued_at, o.finished_at;
