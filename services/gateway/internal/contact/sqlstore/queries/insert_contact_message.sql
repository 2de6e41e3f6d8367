-- $1 name, $2 email, $3 subject, $4 body, $5 ip (NULL if unknown), $6 created at.
INSERT INTO contact_messages (name, email, subject, body, ip, created_at)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING id;
