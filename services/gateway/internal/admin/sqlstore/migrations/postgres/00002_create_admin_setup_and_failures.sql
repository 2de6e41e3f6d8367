-- The admin chosen through a first-run setup link, the links' tokens, and the failed
-- sign-in counts: in the database so that every replica sees the same. Times are Unix
-- milliseconds (UTC).

-- +goose Up
-- At most one admin (id is always 1). The configured PORTFOLIO_ADMIN_* win over it.
CREATE TABLE admin_credentials (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    user_name     TEXT    NOT NULL,
    password_hash TEXT    NOT NULL,
    created_at    BIGINT  NOT NULL
);

-- Only the SHA-256 of a setup token: the link itself is only in the gateway's log.
CREATE TABLE admin_setup_tokens (
    token_hash TEXT   PRIMARY KEY,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

-- Failed sign-ins per key (a digest of a client or of a user name) in a fixed window
-- that opens with the key's first failure.
CREATE TABLE admin_signin_failures (
    failure_key TEXT    PRIMARY KEY,
    failures    INTEGER NOT NULL,
    window_end  BIGINT  NOT NULL
);
CREATE INDEX admin_signin_failures_window_end ON admin_signin_failures (window_end);

-- +goose Down
DROP TABLE admin_signin_failures;
DROP TABLE admin_setup_tokens;
DROP TABLE admin_credentials;
