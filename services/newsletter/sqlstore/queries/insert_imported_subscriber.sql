-- A subscriber of an import (Store.Import), on SQLite: $1 email, $2 email_key, $3 name,
-- $4 state, $5 subscribed_at, $6 confirmed_at, $7 unsubscribed_at, $8
-- confirmation_sent_at (the import's time for an unconfirmed one whose confirmation is
-- queued with it; NULL for one past the day's import confirmations). An address already known, in any state, inserts nothing and
-- returns no row: an import never changes a subscriber.
INSERT INTO newsletter_subscribers
    (email, email_key, name, state, subscribed_at, confirmed_at, unsubscribed_at, confirmation_sent_at, source)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'import')
ON CONFLICT (email_key) DO NOTHING
RETURNING id;
