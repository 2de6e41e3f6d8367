-- Every message being sent goes back to pending, due now ($1): its attempt was cut
-- short (the process died, or the database was restored from a backup taken
-- mid-attempt). Only for a process that is sure no other one sends from this
-- database (ReleaseLeases).
UPDATE mail_outbox
SET status          = 'pending',
    next_attempt_at = $1,
    lease_token     = NULL,
    lease_until     = NULL,
    updated_at      = $1
WHERE status = 'sending';
