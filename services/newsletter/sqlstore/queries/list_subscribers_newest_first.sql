-- One page of subscribers in state $1 ('' for every state), newest subscription first.
SELECT id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at, source
FROM newsletter_subscribers
WHERE $1 = '' OR state = $1
ORDER BY subscribed_at DESC, id DESC
LIMIT $2 OFFSET $3;
