-- The email with Message-ID $1 (an event names it), the first queued if there are
-- several (a test of the same edition never shares one).
SELECT id, message FROM mail_outbox WHERE message_id = $1 ORDER BY id LIMIT 1;
