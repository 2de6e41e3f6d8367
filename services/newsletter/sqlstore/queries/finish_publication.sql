-- Marks a running publication done, counting the emails it queued. No row for one
-- that is already done.
UPDATE newsletter_publications
SET status = 'done', finished_at = $2,
    recipients = (SELECT COUNT(*) FROM newsletter_deliveries WHERE publication_id = $1 AND state = 'queued')
WHERE id = $1 AND status = 'running'
RETURNING id, edition_id, status, started_at, finished_at, recipients;
