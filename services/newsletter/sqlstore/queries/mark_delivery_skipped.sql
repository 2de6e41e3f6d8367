-- A recipient who unsubscribed after the publication started gets nothing.
UPDATE newsletter_deliveries SET state = 'skipped'
WHERE publication_id = $1 AND subscriber_id = $2 AND state = 'pending';
