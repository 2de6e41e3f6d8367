-- Publications not finished: their process stopped before every email was queued.
SELECT id, edition_id, status, started_at, finished_at, recipients
FROM newsletter_publications
WHERE status = 'running'
ORDER BY id;
