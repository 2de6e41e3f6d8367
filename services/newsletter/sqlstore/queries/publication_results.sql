-- What became of publication $1's emails (docs/decisions/0058): sent (the relay took
-- them), delivered, bounced and complained about (the relays' events, by the email's
-- outbox row, or by the address within $2 ms of the start when the event named no
-- Message-ID of ours), and how many recipients unsubscribed within $2 ms. Reads the
-- mail module's tables; writes nothing.
SELECT
    COALESCE(SUM(CASE WHEN o.status = 'sent' THEN 1 ELSE 0 END), 0),
    COALESCE(SUM(CASE WHEN EXISTS (
        SELECT 1 FROM mail_events e
        WHERE e.kind = 'delivery' AND (e.outbox_id = d.outbox_id OR (e.outbox_id IS NULL AND e.email_key = s.email_key
              AND e.occurred_at >= p.started_at AND e.occurred_at < p.started_at + $2))
    ) THEN 1 ELSE 0 END), 0),
    COALESCE(SUM(CASE WHEN EXISTS (
        SELECT 1 FROM mail_events e
        WHERE e.kind = 'bounce' AND (e.outbox_id = d.outbox_id OR (e.outbox_id IS NULL AND e.email_key = s.email_key
              AND e.occurred_at >= p.started_at AND e.occurred_at < p.started_at + $2))
    ) THEN 1 ELSE 0 END), 0),
    COALESCE(SUM(CASE WHEN EXISTS (
        SELECT 1 FROM mail_events e
        WHERE e.kind = 'complaint' AND (e.outbox_id = d.outbox_id OR (e.outbox_id IS NULL AND e.email_key = s.email_key
              AND e.occurred_at >= p.started_at AND e.occurred_at < p.started_at + $2))
    ) THEN 1 ELSE 0 END), 0),
    COALESCE(SUM(CASE WHEN s.unsubscribed_at >= p.started_at AND s.unsubscribed_at < p.started_at + $2 THEN 1 ELSE 0 END), 0)
FROM newsletter_publications p
JOIN newsletter_deliveries d ON d.publication_id = p.id AND d.state = 'queued'
JOIN newsletter_subscribers s ON s.id = d.subscriber_id
LEFT JOIN mail_outbox o ON o.id = d.outbox_id
WHERE p.id = $1;
