-- The state of a known address, to tell an import why its row was not added.
SELECT state FROM newsletter_subscribers WHERE email_key = $1;
