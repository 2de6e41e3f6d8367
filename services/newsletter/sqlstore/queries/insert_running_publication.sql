-- Starts a publication of an edition. While one of the same edition is running this
-- inserts nothing and returns no row (newsletter_publications_one_running).
INSERT INTO newsletter_publications (edition_id, status, started_at)
VALUES ($1, 'running', $2)
ON CONFLICT (edition_id) WHERE status = 'running' DO NOTHING
RETURNING id, edition_id, status, started_at, finished_at, recipients;
