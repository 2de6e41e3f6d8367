-- Suppresses address $1 ($2 as written) for reason $3 ($4 the detail) at $5. An
-- address already suppressed keeps its first reason and time (no row); one whose
-- suppression was lifted is suppressed again.
INSERT INTO mail_suppressions (email_key, email, reason, detail, suppressed_at)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (email_key) DO UPDATE
SET email = excluded.email, reason = excluded.reason, detail = excluded.detail,
    suppressed_at = excluded.suppressed_at, lifted_at = NULL
WHERE mail_suppressions.lifted_at IS NOT NULL
RETURNING email_key;
