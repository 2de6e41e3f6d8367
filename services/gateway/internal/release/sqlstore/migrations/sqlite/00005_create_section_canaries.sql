-- Canaries and previews (docs/decisions/0059-canary-releases.md): the version a section
-- serves to a share of its visitors beside its current one, with the stages still to
-- come on a timer; the secrets that sign preview links; and in the history the canary's
-- start or widening ('canary') and the gateway's own rollback of a failing one
-- ('abort'), with why (note). Times are Unix milliseconds (UTC).

-- +goose Up
CREATE TABLE section_canaries (
    section    TEXT    PRIMARY KEY,
    version    TEXT    NOT NULL,
    percent    INTEGER NOT NULL CHECK (percent BETWEEN 1 AND 99),
    started_at BIGINT  NOT NULL,
    changed_at BIGINT  NOT NULL,
    -- the percents still to come, comma-separated (100 finishes the canary), each
    -- every_ms after the last; '' for none (widened by hand)
    stages     TEXT    NOT NULL DEFAULT '',
    every_ms   BIGINT  NOT NULL DEFAULT 0,
    next_at    BIGINT  NOT NULL DEFAULT 0
);

-- Keys by purpose ('preview'): made by the first gateway that needs one, read by every
-- other, so a link one replica signed opens on any.
CREATE TABLE section_secrets (
    purpose    TEXT   PRIMARY KEY,
    secret     BLOB   NOT NULL,
    created_at BIGINT NOT NULL
);

-- SQLite cannot change a CHECK constraint: section_events is made anew with the canary
-- actions and a note, its rows (and ids, which order the history) copied over.
CREATE TABLE section_events_new (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    section         TEXT    NOT NULL,
    action          TEXT    NOT NULL CHECK (action IN ('publish', 'promote', 'rollback', 'expire', 'key-add', 'key-remove', 'canary', 'abort')),
    version         TEXT    NOT NULL,
    previous        TEXT    NOT NULL DEFAULT '',
    actor           TEXT    NOT NULL,
    at              BIGINT  NOT NULL,
    undone          SMALLINT NOT NULL DEFAULT 0,
    key_fingerprint TEXT    NOT NULL DEFAULT '',
    note            TEXT    NOT NULL DEFAULT ''
);
INSERT INTO section_events_new (id, section, action, version, previous, actor, at, undone, key_fingerprint)
    SELECT id, section, action, version, previous, actor, at, undone, key_fingerprint FROM section_events;
DROP TABLE section_events;
ALTER TABLE section_events_new RENAME TO section_events;
CREATE INDEX section_events_section ON section_events (section, id);

-- +goose Down
CREATE TABLE section_events_old (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    section         TEXT    NOT NULL,
    action          TEXT    NOT NULL CHECK (action IN ('publish', 'promote', 'rollback', 'expire', 'key-add', 'key-remove')),
    version         TEXT    NOT NULL,
    previous        TEXT    NOT NULL DEFAULT '',
    actor           TEXT    NOT NULL,
    at              BIGINT  NOT NULL,
    undone          SMALLINT NOT NULL DEFAULT 0,
    key_fingerprint TEXT    NOT NULL DEFAULT ''
);
INSERT INTO section_events_old (id, section, action, version, previous, actor, at, undone, key_fingerprint)
    SELECT id, section, action, version, previous, actor, at, undone, key_fingerprint FROM section_events
    WHERE action NOT IN ('canary', 'abort');
DROP TABLE section_events;
ALTER TABLE section_events_old RENAME TO section_events;
CREATE INDEX section_events_section ON section_events (section, id);
DROP TABLE section_secrets;
DROP TABLE section_canaries;
