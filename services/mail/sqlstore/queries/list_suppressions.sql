-- Every suppression in force, the newest first.
SELECT email, reason, detail, suppressed_at FROM mail_suppressions
WHERE lifted_at IS NULL
ORDER BY suppressed_at DESC, email_key;
