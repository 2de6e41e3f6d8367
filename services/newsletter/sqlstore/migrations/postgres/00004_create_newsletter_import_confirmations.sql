-- How many confirmation emails imports sent each day (UTC): an import sends at most
-- PORTFOLIO_IMPORT_CONFIRMATIONS_PER_DAY a day, and the rows past it come in without
-- one. Counted here, not in a process, so that every replica's imports count against
-- the one limit. One row a day an import ran.

-- +goose Up
CREATE TABLE newsletter_import_confirmations (
    -- the day's first millisecond, 00:00 UTC (Unix milliseconds)
    day  BIGINT PRIMARY KEY,
    sent BIGINT NOT NULL CHECK (sent >= 0)
);

-- +goose Down
DROP TABLE newsletter_import_confirmations;
