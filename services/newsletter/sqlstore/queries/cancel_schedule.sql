-- Cancels edition $1's pending schedule at $2. No row when none is pending: never
-- scheduled, cancelled, or started already.
UPDATE newsletter_schedules SET status = 'cancelled', cancelled_at = $2
WHERE edition_id = $1 AND status = 'scheduled'
RETURNING id, edition_id, send_at, status;
