-- An edition's recipients, the longest confirmed first.
SELECT id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at, source
FROM newsletter_subscribers
WHERE state = 'confirmed'
ORDER BY confirmed_at, id;
