-- The next recipients of a publication whose email is not queued yet, by subscriber id.
SELECT s.id, s.email, s.name, s.state, s.subscribed_at, s.confirmed_at, s.unsubscribed_at, s.source
FROM newsletter_deliveries d
JOIN newsletter_subscribers s ON s.id = d.subscriber_id
WHERE d.publication_id = $1 AND d.state = 'pending'
ORDER BY d.subscriber_id
LIMIT $2;
