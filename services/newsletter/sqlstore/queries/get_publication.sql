SELECT id, edition_id, status, started_at, finished_at, recipients
FROM newsletter_publications
WHERE id = $1;
