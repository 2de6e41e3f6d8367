SELECT message FROM mail_outbox WHERE message LIKE $1 ESCAPE '\'
