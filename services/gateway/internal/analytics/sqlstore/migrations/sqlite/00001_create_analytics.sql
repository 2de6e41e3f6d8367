-- First-party analytics (docs/decisions/0039): counts per UTC day, and for the current
-- day only, the salt and the salted visitor ids that count each visitor once. No
-- address, user agent or cookie is stored anywhere.

-- +goose Up
-- One row per day, kind and key, counted up by every replica's flush: page views by
-- path (page), by referrer host (referrer; '' is direct or the site itself), by device
-- class (device), sign-ups by the page they came from (signup), and the day's distinct
-- visitors (visitors, key ''). It grows with days × distinct keys, never with visits.
CREATE TABLE analytics_daily (
    day  TEXT    NOT NULL, -- YYYY-MM-DD, UTC
    kind TEXT    NOT NULL,
    key  TEXT    NOT NULL,
    n    INTEGER NOT NULL,
    PRIMARY KEY (day, kind, key)
);

-- The day's random salt, shared by the replicas; deleted once its day is over, after
-- which no visitor id of that day can be computed again.
CREATE TABLE analytics_salts (
    day  TEXT PRIMARY KEY,
    salt TEXT NOT NULL -- hex
);

-- The day's visitor ids: SHA-256(salt, client key, user agent), cut to 16 bytes, hex.
-- Kept only to count a visitor once per day; deleted with the day's salt.
CREATE TABLE analytics_visitors (
    day TEXT NOT NULL,
    id  TEXT NOT NULL,
    PRIMARY KEY (day, id)
);

-- +goose Down
DROP TABLE analytics_visitors;
DROP TABLE analytics_salts;
DROP TABLE analytics_daily;
