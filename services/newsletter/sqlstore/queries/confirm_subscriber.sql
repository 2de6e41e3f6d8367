-- An unused, unexpired link of an unconfirmed subscriber confirms them. No row
-- otherwise; concurrent clicks confirm once.
UPDATE newsletter_subscribers
SET state = 'confirmed', confirmed_at = $2
WHERE state = 'unconfirmed'
  AND id = (SELECT subscriber_id FROM newsletter_confirmations
            WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2)
RETURNING id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at, source;
