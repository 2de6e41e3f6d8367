-- Records an event. No row when one with its key $1 was recorded before: a repeat.
-- $2 kind, $3 bounce (or NULL), $4 the address's key, $5 Message-ID, $6 the outbox's
-- email, $7 source, $8 detail, $9 when it happened, $10 when it was received.
INSERT INTO mail_events (event_key, kind, bounce, email_key, message_id, outbox_id, source, detail, occurred_at, received_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (event_key) DO NOTHING
RETURNING id;
