-- Lifts address $1's suppression at $2. No row changes when none is in force.
UPDATE mail_suppressions SET lifted_at = $2 WHERE email_key = $1 AND lifted_at IS NULL;
