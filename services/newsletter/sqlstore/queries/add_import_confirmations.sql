-- $2 more confirmation emails sent by an import on day $1 (claim_import_confirmations
-- made its row, in the same transaction).
UPDATE newsletter_import_confirmations SET sent = sent + $2 WHERE day = $1;
