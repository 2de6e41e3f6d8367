-- Queue many messages in one statement, each due at once (QueueTx, at the end of a
-- group commit): $1 the messages (JSON), $2 their Message-IDs, $3 when each was
-- queued, three arrays of one length.
INSERT INTO mail_outbox (message, message_id, status, attempts, next_attempt_at, created_at, updated_at, queued_at)
SELECT message, message_id, 'pending', 0, at, at, at, at
FROM unnest($1::text[], $2::text[], $3::bigint[]) AS queued (message, message_id, at);
