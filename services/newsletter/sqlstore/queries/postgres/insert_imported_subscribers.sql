-- The subscribers of an import (Store.Import), many in one statement: arrays of one
-- length, $1 email, $2 email_key, $3 name, $4 state, $5 subscribed_at, $6
-- confirmed_at, $7 unsubscribed_at, $8 confirmation_sent_at (0 for NULL: no time of
-- this list is 1970's). An address already known, in any state, inserts nothing and
-- returns no row: an import never changes a subscriber. RETURNING has no order: the
-- rows are told apart by email_key.
INSERT INTO newsletter_subscribers
    (email, email_key, name, state, subscribed_at, confirmed_at, unsubscribed_at, confirmation_sent_at, source)
SELECT email, email_key, name, state, subscribed_at,
       NULLIF(confirmed_at, 0), NULLIF(unsubscribed_at, 0), NULLIF(confirmation_sent_at, 0), 'import'
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[])
    AS imported (email, email_key, name, state, subscribed_at, confirmed_at, unsubscribed_at, confirmation_sent_at)
ON CONFLICT (email_key) DO NOTHING
RETURNING id, email_key;
