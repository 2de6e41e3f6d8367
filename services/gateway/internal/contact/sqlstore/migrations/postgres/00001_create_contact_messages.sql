-- Messages visitors sent through the contact form. Times are Unix milliseconds (UTC),
-- as in the SQLite schema.

-- +goose Up
CREATE TABLE contact_messages (
    id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name       TEXT   NOT NULL,
    email      TEXT   NOT NULL,
    subject    TEXT   NOT NULL
               CHECK (subject IN ('collaboration', 'job', 'consulting', 'speaking', 'other')),
    body       TEXT   NOT NULL,
    -- the client's address as the gateway saw it; NULL if unknown
    ip         TEXT,
    created_at BIGINT NOT NULL
);

CREATE INDEX contact_messages_newest ON contact_messages (created_at DESC, id DESC);

-- +goose Down
DROP TABLE contact_messages;
