SELECT message FROM mail_outbox WHERE message::text LIKE $1 ESCAPE '\'
