SELECT status, COUNT(*) FROM mail_outbox GROUP BY status;
