-- When the earliest row falls due: a pending row's next attempt or a lease's expiry.
-- Each MIN reads one end of its partial index, however long the queue.
SELECT MIN(due) FROM (
    SELECT MIN(next_attempt_at) AS due FROM mail_outbox WHERE status = 'pending'
    UNION ALL
    SELECT MIN(lease_until) AS due FROM mail_outbox WHERE status = 'sending'
) AS earliest;
