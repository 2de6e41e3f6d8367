-- Starts the schedule due first at $1, if any. The outer WHERE checks the status
-- again: of replicas racing for one schedule, one gets the row, and the others none
-- (on PostgreSQL they wait for the winner's commit, then find it started).
UPDATE newsletter_schedules SET status = 'started', started_at = $1
WHERE id = (SELECT id FROM newsletter_schedules
            WHERE status = 'scheduled' AND send_at <= $1
            ORDER BY send_at, id LIMIT 1)
  AND status = 'scheduled'
RETURNING id, edition_id, send_at, status;
