-- As ../insert_subscriber.sql, and in the same statement the new subscriber's first
-- confirmation link: $5 its token hash, $6 when it expires. PostgreSQL's
-- data-modifying CTE saves a round trip to the server per subscription (SQLite has no
-- such CTE, and no round trips to save). An address already known inserts nothing.
WITH subscriber AS (
    INSERT INTO newsletter_subscribers (email, email_key, name, state, subscribed_at, confirmation_sent_at)
    VALUES ($1, $2, $3, 'unconfirmed', $4, $4)
    ON CONFLICT (email_key) DO NOTHING
    RETURNING id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at, source
), link AS (
    INSERT INTO newsletter_confirmations (token_hash, subscriber_id, created_at, expires_at)
    SELECT $5, id, $4, $6 FROM subscriber
)
SELECT id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at, source FROM subscriber;
