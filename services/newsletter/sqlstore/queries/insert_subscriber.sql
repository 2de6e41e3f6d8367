-- A new address: unconfirmed, with its confirmation queued now. An address already
-- known (any case) inserts nothing and returns no row.
INSERT INTO newsletter_subscribers (email, email_key, name, state, subscribed_at, confirmation_sent_at)
VALUES ($1, $2, $3, 'unconfirmed', $4, $4)
ON CONFLICT (email_key) DO NOTHING
RETURNING id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at, source;
