-- Publishing an edition: one publication per send, and who it goes to. Times are Unix
-- milliseconds (UTC).

-- +goose Up
CREATE TABLE newsletter_publications (
    id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- the edition's id in content (newsletter/<id>-<slug>.md)
    edition_id  BIGINT  NOT NULL,
    -- running until every recipient's email is queued in the outbox; a publication
    -- left running by a stopped process is finished when a gateway starts
    status      TEXT    NOT NULL CHECK (status IN ('running', 'done')),
    started_at  BIGINT  NOT NULL,
    finished_at BIGINT,
    -- emails queued, once done
    recipients  BIGINT  NOT NULL DEFAULT 0,
    CHECK (status <> 'done' OR finished_at IS NOT NULL)
);

-- One publication of an edition at a time: starting a second while one runs inserts
-- nothing.
CREATE UNIQUE INDEX newsletter_publications_one_running ON newsletter_publications (edition_id)
    WHERE status = 'running';
-- The admin's editions list: each edition's last publication.
CREATE INDEX newsletter_publications_edition ON newsletter_publications (edition_id, finished_at);

-- A publication's recipients: the subscribers confirmed when it started. pending until
-- their email is queued (outbox_id, in the same transaction), or skipped when they
-- unsubscribed meanwhile. A restart queues only the pending ones: nothing is lost and
-- nothing queued twice.
CREATE TABLE newsletter_deliveries (
    publication_id BIGINT  NOT NULL REFERENCES newsletter_publications (id) ON DELETE CASCADE,
    subscriber_id  BIGINT  NOT NULL REFERENCES newsletter_subscribers (id) ON DELETE CASCADE,
    state          TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'queued', 'skipped')),
    outbox_id      BIGINT,
    PRIMARY KEY (publication_id, subscriber_id),
    CHECK (state <> 'queued' OR outbox_id IS NOT NULL)
);

CREATE INDEX newsletter_deliveries_pending ON newsletter_deliveries (publication_id, subscriber_id)
    WHERE state = 'pending';

-- +goose Down
DROP TABLE newsletter_deliveries;
DROP TABLE newsletter_publications;
