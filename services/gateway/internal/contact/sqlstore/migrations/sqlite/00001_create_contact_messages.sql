-- Messages visitors sent through the contact form. Times are Unix milliseconds (UTC).

-- +goose Up
CREATE TABLE contact_messages (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT    NOT NULL,
    email      TEXT    NOT NULL,
    subject    TEXT    NOT NULL
               CHECK (subject IN ('collaboration', 'job', 'consulting', 'speaking', 'other')),
    body       TEXT    NOT NULL,
    -- the client's address as the gateway saw it; NULL if unknown
    ip         TEXT,
    created_at INTEGER NOT NULL
);

CREATE INDEX contact_messages_newest ON contact_messages (created_at DESC, id DESC);

-- +goose Down
DROP TABLE contact_messages;
