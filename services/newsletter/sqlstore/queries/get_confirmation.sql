-- A link and its subscriber, to say why it did not confirm.
SELECT c.expires_at, c.used_at,
       s.id, s.email, s.name, s.state, s.subscribed_at, s.confirmed_at, s.unsubscribed_at, s.source
FROM newsletter_confirmations c
JOIN newsletter_subscribers s ON s.id = c.subscriber_id
WHERE c.token_hash = $1;
