SELECT id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at, source
FROM newsletter_subscribers
WHERE email_key = $1;
