-- A known address that is not confirmed subscribes again: unconfirmed, with the email
-- and name as now entered, and a fresh confirmation queued, unless the last one went
-- out after $5 (the resend interval ago). One that was unsubscribed starts a new
-- subscription at $4. No row when nothing changes. The WHERE is the whole decision, so
-- two requests racing for one address send one email.
UPDATE newsletter_subscribers
SET email                = $2,
    name                 = $3,
    subscribed_at        = CASE WHEN state = 'unsubscribed' THEN $4 ELSE subscribed_at END,
    state                = 'unconfirmed',
    confirmed_at         = NULL,
    unsubscribed_at      = NULL,
    confirmation_sent_at = $4
WHERE email_key = $1
  AND state <> 'confirmed'
  AND (confirmation_sent_at IS NULL OR confirmation_sent_at <= $5)
RETURNING id, email, name, state, subscribed_at, confirmed_at, unsubscribed_at, source;
