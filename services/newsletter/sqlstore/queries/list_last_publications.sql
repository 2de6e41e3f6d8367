-- Each edition's last finished publication, for editions published at least once.
SELECT p.id, p.edition_id, p.status, p.started_at, p.finished_at, p.recipients
FROM newsletter_publications p
WHERE p.status = 'done' AND NOT EXISTS (
    SELECT 1 FROM newsletter_publications later
    WHERE later.edition_id = p.edition_id AND later.status = 'done'
      AND (later.finished_at > p.finished_at OR (later.finished_at = p.finished_at AND later.id > p.id))
)
ORDER BY p.edition_id;
