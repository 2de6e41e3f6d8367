-- A known address of an import's row (Store.Import), to say why the row was not added,
-- and whether it is owed a confirmation: imported unconfirmed by an earlier import
-- after that day's import confirmations were all sent, and sent none since.
SELECT (state = 'unconfirmed' AND source = 'import' AND confirmation_sent_at IS NULL) AS owed,
       id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at, source
FROM newsletter_subscribers
WHERE email_key = $1;
