-- Once the readiness probes' table. It is the whole database's, so sqldb owns it now
-- (sqldb.HealthSchema, docs/decisions/0043): databases migrated before keep the table
-- this made, and sqldb's migration adopts it; new ones get it from sqldb alone. The
-- version stays, so that the contact schema's history is the same on both.

-- +goose Up

-- +goose Down
