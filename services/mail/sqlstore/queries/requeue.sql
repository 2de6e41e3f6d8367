-- The admin puts a dead message back: pending, due now, attempts from zero and a new
-- lifetime from now. The last error stays until the next attempt replaces it.
-- $1 id, $2 now.
UPDATE mail_outbox
SET status          = 'pending',
    attempts        = 0,
    next_attempt_at = $2,
    queued_at       = $2,
    finished_at     = NULL,
    updated_at      = $2
WHERE id = $1 AND status = 'dead';
