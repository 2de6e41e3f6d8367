-- The states of known addresses ($1, an array), to tell an import why their rows were
-- not added.
SELECT email_key, state FROM newsletter_subscribers WHERE email_key = ANY($1::text[]);
