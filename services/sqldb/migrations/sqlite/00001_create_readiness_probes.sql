-- Rows /readyz writes and deletes at once, to tell whether the database takes writes
-- (a full disk, a read-only file). Normally empty. The table is the whole database's
-- (Health): IF NOT EXISTS because databases made before sqldb owned it already have
-- it, from the contact module's migration 00002 (docs/decisions/0043).

-- +goose Up
CREATE TABLE IF NOT EXISTS readiness_probes (
    id      TEXT PRIMARY KEY,
    payload BLOB NOT NULL
);

-- +goose Down
DROP TABLE readiness_probes;
