-- Rows /readyz writes and deletes at once, to tell whether the database takes writes
-- (a full disk, a read-only server). Normally empty.

-- +goose Up
CREATE TABLE readiness_probes (
    id      TEXT PRIMARY KEY,
    payload BYTEA NOT NULL
);

-- +goose Down
DROP TABLE readiness_probes;
