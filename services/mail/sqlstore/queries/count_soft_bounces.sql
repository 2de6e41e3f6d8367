-- The soft bounces of address $1 that happened since $2 (the policy's window) and
-- arrived after its suppression was last lifted, if it was.
SELECT count(*) FROM mail_events
WHERE email_key = $1 AND kind = 'bounce' AND bounce = 'soft' AND occurred_at >= $2
  AND received_at > COALESCE((SELECT lifted_at FROM mail_suppressions WHERE email_key = $1), -1);
