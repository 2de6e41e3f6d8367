-- DevOps Digest's subscribers, their confirmation tokens and the key unsubscribe links
-- are signed with. Times are Unix milliseconds (UTC).

-- +goose Up
CREATE TABLE newsletter_subscribers (
    id                   INTEGER PRIMARY KEY AUTOINCREMENT,
    -- the address as last entered: shown to the admin, written to
    email                TEXT    NOT NULL,
    -- the address trimmed and lower-cased: one subscriber per address, whatever its case
    email_key            TEXT    NOT NULL UNIQUE,
    name                 TEXT    NOT NULL DEFAULT '',
    state                TEXT    NOT NULL
                         CHECK (state IN ('unconfirmed', 'confirmed', 'unsubscribed')),
    -- when the current subscription began (again, after unsubscribing)
    subscribed_at        INTEGER NOT NULL,
    confirmed_at         INTEGER,
    unsubscribed_at      INTEGER,
    -- when the last confirmation email was queued: a fresh link waits for the resend
    -- interval; cleared by unsubscribing
    confirmation_sent_at INTEGER,
    CHECK (state <> 'confirmed' OR confirmed_at IS NOT NULL),
    CHECK (state <> 'unsubscribed' OR unsubscribed_at IS NOT NULL)
);

-- The admin's list: by state (or all), newest subscription first.
CREATE INDEX newsletter_subscribers_newest ON newsletter_subscribers (subscribed_at DESC, id DESC);
CREATE INDEX newsletter_subscribers_state_newest ON newsletter_subscribers (state, subscribed_at DESC, id DESC);

-- Confirmation links. Only the SHA-256 of a token is kept: the token itself is only in
-- the email, so a copy of the database holds no working link.
CREATE TABLE newsletter_confirmations (
    token_hash    TEXT    PRIMARY KEY,
    subscriber_id INTEGER NOT NULL REFERENCES newsletter_subscribers (id) ON DELETE CASCADE,
    created_at    INTEGER NOT NULL,
    expires_at    INTEGER NOT NULL,
    -- set once the subscriber is confirmed (by this link or another): single use
    used_at       INTEGER
);

CREATE INDEX newsletter_confirmations_subscriber ON newsletter_confirmations (subscriber_id);

-- Keys by purpose ('unsubscribe'): created by the first gateway to start, read by every
-- other, so any replica checks the links any replica made.
CREATE TABLE newsletter_keys (
    purpose    TEXT    PRIMARY KEY,
    secret     BLOB    NOT NULL,
    created_at INTEGER NOT NULL
);

-- +goose Down
DROP TABLE newsletter_keys;
DROP TABLE newsletter_confirmations;
DROP TABLE newsletter_subscribers;
