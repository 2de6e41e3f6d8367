-- Records each time it is applied; the sleep widens the window in which a second
-- process without the lock would start applying it too.
-- +goose Up
CREATE TABLE applied (at TIMESTAMPTZ NOT NULL DEFAULT now());
INSERT INTO applied DEFAULT VALUES;
SELECT pg_sleep(0.3);

-- +goose Down
DROP TABLE applied;
