-- A subscriber's links that can no longer confirm anything, dropped when they get a
-- fresh one so the table does not grow with every resend.
DELETE FROM newsletter_confirmations
WHERE subscriber_id = $1 AND expires_at <= $2;
