-- No row if already unsubscribed: the first unsubscribe's time stays. The next
-- subscription may get its confirmation at once.
UPDATE newsletter_subscribers
SET state = 'unsubscribed', unsubscribed_at = $2, confirmation_sent_at = NULL
WHERE id = $1 AND state <> 'unsubscribed'
RETURNING id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at, source;
