-- How many confirmation emails imports sent on day $1 (its 00:00 UTC, Unix ms): its row
-- made if there is none, and written (to itself), so that it stays locked until the
-- import commits. Two imports at once, on two replicas, count one after the other, and
-- together never send more than the day's limit.
INSERT INTO newsletter_import_confirmations (day, sent)
VALUES ($1, 0)
ON CONFLICT (day) DO UPDATE SET sent = newsletter_import_confirmations.sent
RETURNING sent;
