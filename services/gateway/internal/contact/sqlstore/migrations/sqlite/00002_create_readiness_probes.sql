-- Rows /readyz writes and deletes at once, to tell whether the database takes writes
-- (a full disk, a read-only file). Normally empty.

-- +goose Up
CREATE TABLE readiness_probes (
    id      TEXT PRIMARY KEY,
    payload BLOB NOT NULL
);

-- +goose Down
DROP TABLE readiness_probes;
