-- The admin's sessions. Only the SHA-256 of a session token is kept: the token itself
-- is only in the admin's cookie, so a copy of the database holds no working session.
-- Times are Unix milliseconds (UTC).

-- +goose Up
CREATE TABLE admin_sessions (
    token_hash TEXT    PRIMARY KEY,
    user_name  TEXT    NOT NULL,
    -- fingerprint of the credentials the session was made with: a new password hash
    -- ends every older session
    credential TEXT    NOT NULL,
    created_at BIGINT  NOT NULL,
    expires_at BIGINT  NOT NULL
);

-- Signing in drops the expired sessions.
CREATE INDEX admin_sessions_expires ON admin_sessions (expires_at);

-- +goose Down
DROP TABLE admin_sessions;
