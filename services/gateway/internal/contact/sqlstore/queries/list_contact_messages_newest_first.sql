-- $1 how many.
SELECT id, name, email, subject, body, ip, created_at
FROM contact_messages
ORDER BY created_at DESC, id DESC
LIMIT $1;
