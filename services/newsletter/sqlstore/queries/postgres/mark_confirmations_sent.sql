-- The confirmations of these imported subscribers ($1, ids) are queued at $2: new ones
-- are stored without a time (insert_imported_subscribers.sql), since which rows get one
-- is only known once the known addresses are left out; known ones were owed theirs.
UPDATE newsletter_subscribers SET confirmation_sent_at = $2 WHERE id = ANY($1::bigint[]);
