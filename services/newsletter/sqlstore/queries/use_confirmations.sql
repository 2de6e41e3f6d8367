-- Once confirmed, none of the subscriber's links confirms again.
UPDATE newsletter_confirmations
SET used_at = $2
WHERE subscriber_id = $1 AND used_at IS NULL;
