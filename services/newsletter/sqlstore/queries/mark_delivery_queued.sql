-- Records that a recipient's email is queued as outbox entry $3. No row changes when
-- another process got there first (it queued the email itself), or when the
-- recipient unsubscribed since their row was read (they get nothing).
UPDATE newsletter_deliveries SET state = 'queued', outbox_id = $3
WHERE publication_id = $1 AND subscriber_id = $2 AND state = 'pending'
  AND EXISTS (SELECT 1 FROM newsletter_subscribers WHERE id = $2 AND state = 'confirmed');
