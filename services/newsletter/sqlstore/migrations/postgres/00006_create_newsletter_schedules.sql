-- Editions the owner scheduled (docs/decisions/0058): each goes out at send_at, once,
-- whichever replica finds it due first; cancelled any time before it starts. Times
-- are Unix milliseconds (UTC).

-- +goose Up
CREATE TABLE newsletter_schedules (
    id             BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    edition_id     BIGINT  NOT NULL,
    send_at        BIGINT  NOT NULL,
    status         TEXT    NOT NULL CHECK (status IN ('scheduled', 'started', 'cancelled')),
    created_at     BIGINT  NOT NULL,
    -- set by the replica that started it, in the transaction that started its
    -- publication
    started_at     BIGINT,
    publication_id BIGINT  REFERENCES newsletter_publications (id),
    cancelled_at   BIGINT,
    CHECK (status <> 'started' OR started_at IS NOT NULL),
    CHECK (status <> 'cancelled' OR cancelled_at IS NOT NULL)
);

-- One pending schedule per edition: scheduling it again moves it.
CREATE UNIQUE INDEX newsletter_schedules_one_per_edition ON newsletter_schedules (edition_id)
    WHERE status = 'scheduled';
CREATE INDEX newsletter_schedules_due ON newsletter_schedules (send_at) WHERE status = 'scheduled';

-- +goose Down
DROP TABLE newsletter_schedules;
