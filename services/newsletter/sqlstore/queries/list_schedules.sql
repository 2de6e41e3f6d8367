-- The pending schedules, the soonest first.
SELECT id, edition_id, send_at, status FROM newsletter_schedules
WHERE status = 'scheduled'
ORDER BY send_at, id;
