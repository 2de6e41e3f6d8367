-- get_known_by_email_key.sql for many known addresses ($1, an array) at once.
SELECT email_key,
       (state = 'unconfirmed' AND source = 'import' AND confirmation_sent_at IS NULL) AS owed,
       id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at, source
FROM newsletter_subscribers
WHERE email_key = ANY($1::text[]);
