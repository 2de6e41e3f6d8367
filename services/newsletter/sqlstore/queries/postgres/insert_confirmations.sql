-- The confirmation links of an import's unconfirmed subscribers, many in one
-- statement: $1 token hashes, $2 subscriber ids, $3 expiries (arrays of one length),
-- $4 when they were made.
INSERT INTO newsletter_confirmations (token_hash, subscriber_id, created_at, expires_at)
SELECT token_hash, subscriber_id, $4, expires_at
FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS link (token_hash, subscriber_id, expires_at);
