-- Unconfirmed subscribers never reminded whose last confirmation went out after $1
-- and at or before $2, the oldest first, at most $3. One without a confirmation sent
-- (an import's, held back by the daily limit) is owed none: a reminder would be the
-- first email they get.
SELECT id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at, source
FROM newsletter_subscribers
WHERE state = 'unconfirmed' AND reminded_at IS NULL
  AND confirmation_sent_at > $1 AND confirmation_sent_at <= $2
ORDER BY confirmation_sent_at, id
LIMIT $3;
