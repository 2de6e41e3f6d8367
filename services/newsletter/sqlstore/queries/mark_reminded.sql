-- Subscriber $1 gets their one reminder at $2, if still unconfirmed and never
-- reminded: no row otherwise, so two replicas racing send one.
UPDATE newsletter_subscribers SET reminded_at = $2
WHERE id = $1 AND state = 'unconfirmed' AND reminded_at IS NULL
RETURNING id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at, source;
