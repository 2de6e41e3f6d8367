-- The confirmation of subscriber $1, owed since an earlier import held it back, is
-- queued at $2.
UPDATE newsletter_subscribers SET confirmation_sent_at = $2 WHERE id = $1;
