-- The suppressions in force of the addresses in $1, a JSON array of their keys.
SELECT email, reason, detail, suppressed_at FROM mail_suppressions
WHERE lifted_at IS NULL AND email_key IN (SELECT jsonb_array_elements_text($1::jsonb));
