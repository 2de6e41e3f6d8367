-- A publication's recipients: every subscriber confirmed as it starts, each pending.
INSERT INTO newsletter_deliveries (publication_id, subscriber_id)
SELECT $1, id FROM newsletter_subscribers WHERE state = 'confirmed';
