-- When the earliest row falls due: a pending row's next attempt or a lease's expiry.
SELECT MIN(CASE status WHEN 'pending' THEN next_attempt_at ELSE lease_until END)
FROM mail_outbox
WHERE status IN ('pending', 'sending');
