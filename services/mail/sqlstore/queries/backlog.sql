SELECT status, count(*), min(created_at) FROM mail_outbox
WHERE status IN ('pending', 'sending') GROUP BY status
