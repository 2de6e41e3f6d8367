-- The durable outbox of email to send. Times are Unix milliseconds (UTC).

-- +goose Up
CREATE TABLE mail_outbox (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    -- the whole mail.Message as JSON, composed again for every attempt
    message         TEXT    NOT NULL CHECK (json_valid(message)),
    -- its Message-ID, fixed when queued, for logs and support
    message_id      TEXT    NOT NULL,
    status          TEXT    NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'sending', 'sent', 'dead')),
    -- attempts started, counted when an attempt is claimed
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at INTEGER NOT NULL,
    -- the claim holding a 'sending' row, and until when
    lease_token     TEXT,
    lease_until     INTEGER,
    last_error      TEXT,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    -- when it was sent, or given up
    finished_at     INTEGER,
    CHECK ((status = 'sending') = (lease_token IS NOT NULL AND lease_until IS NOT NULL))
);

-- What Claim looks for: pending rows by due time, sending rows by lease expiry.
CREATE INDEX mail_outbox_pending_due ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_sending_lease ON mail_outbox (lease_until) WHERE status = 'sending';

-- +goose Down
DROP TABLE mail_outbox;
