-- Schedules edition $1 for $2 (made at $3), or moves its pending schedule there.
INSERT INTO newsletter_schedules (edition_id, send_at, status, created_at)
VALUES ($1, $2, 'scheduled', $3)
ON CONFLICT (edition_id) WHERE status = 'scheduled' DO UPDATE SET send_at = excluded.send_at
RETURNING id, edition_id, send_at, status;
