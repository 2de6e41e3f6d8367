-- Deploy tokens: what CI publishes and promotes a section's releases with, each scoped
-- to one section. Only the SHA-256 of the secret part is kept; the token is shown once,
-- when it is made. Every use is an event of section_events (actor token:<id>).
-- Times are Unix milliseconds (UTC); revoked_at 0 means not revoked.

-- +goose Up
CREATE TABLE deploy_tokens (
    id           TEXT   PRIMARY KEY,
    section      TEXT   NOT NULL,
    secret_hash  TEXT   NOT NULL,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    revoked_at   BIGINT NOT NULL DEFAULT 0,
    last_used_at BIGINT NOT NULL DEFAULT 0
);

-- +goose Down
DROP TABLE deploy_tokens;
