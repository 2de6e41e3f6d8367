-- What happened to the emails after they left (bounces, complaints, deliveries, from
-- the relay's webhooks), and the addresses that get no email because of it
-- (docs/decisions/0058). Times are Unix milliseconds (UTC).

-- +goose Up
CREATE TABLE mail_events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    -- the reporter's id of the event, or a hash of what it says: a repeated event
    -- inserts nothing and changes nothing
    event_key   TEXT    NOT NULL UNIQUE,
    kind        TEXT    NOT NULL CHECK (kind IN ('bounce', 'complaint', 'delivery')),
    bounce      TEXT    CHECK (bounce IN ('hard', 'soft')),
    -- the address acted on, trimmed and lower-cased: the matched email's recipient,
    -- else the event's own
    email_key   TEXT    NOT NULL,
    -- the event's Message-ID, and the outbox's email with it, if any
    message_id  TEXT    NOT NULL DEFAULT '',
    outbox_id   INTEGER,
    source      TEXT    NOT NULL,
    detail      TEXT    NOT NULL DEFAULT '',
    occurred_at INTEGER NOT NULL,
    received_at INTEGER NOT NULL,
    CHECK ((kind = 'bounce') = (bounce IS NOT NULL))
);

-- Soft bounces of an address within the window; an edition's results by email.
CREATE INDEX mail_events_address ON mail_events (email_key, kind, occurred_at);
CREATE INDEX mail_events_outbox ON mail_events (outbox_id) WHERE outbox_id IS NOT NULL;

-- One row per address ever suppressed; lifted_at set while the owner has lifted it.
CREATE TABLE mail_suppressions (
    email_key     TEXT    PRIMARY KEY,
    email         TEXT    NOT NULL,
    reason        TEXT    NOT NULL CHECK (reason IN ('hard_bounce', 'complaint', 'soft_bounces')),
    detail        TEXT    NOT NULL DEFAULT '',
    suppressed_at INTEGER NOT NULL,
    lifted_at     INTEGER
);

CREATE INDEX mail_suppressions_in_force ON mail_suppressions (suppressed_at DESC) WHERE lifted_at IS NULL;

-- An event names the email by its Message-ID.
CREATE INDEX mail_outbox_message_id ON mail_outbox (message_id);

-- +goose Down
DROP INDEX mail_outbox_message_id;
DROP TABLE mail_suppressions;
DROP TABLE mail_events;
