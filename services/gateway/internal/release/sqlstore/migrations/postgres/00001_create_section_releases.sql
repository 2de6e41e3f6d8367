-- Section releases (docs/decisions/0035-section-releases.md): every published release,
-- which one each section serves now, and the history of who changed that and when.
-- Times are Unix milliseconds (UTC).

-- +goose Up
CREATE TABLE section_releases (
    section      TEXT   NOT NULL,
    version      TEXT   NOT NULL,
    digest       TEXT   NOT NULL,
    -- release.json as published: what the admin and `sections list` show
    manifest     TEXT   NOT NULL,
    size         BIGINT NOT NULL,
    published_at BIGINT NOT NULL,
    published_by TEXT   NOT NULL,
    PRIMARY KEY (section, version)
);

-- The artifacts themselves, where the releases are kept in the database (PostgreSQL:
-- every replica reaches it); on SQLite they are files in the data directory.
CREATE TABLE section_release_blobs (
    section TEXT  NOT NULL,
    version TEXT  NOT NULL,
    data    BYTEA NOT NULL,
    PRIMARY KEY (section, version),
    FOREIGN KEY (section, version) REFERENCES section_releases (section, version) ON DELETE CASCADE
);

-- The version each section serves; a section with no row serves the build the
-- gateway was shipped with.
CREATE TABLE section_current (
    section    TEXT   PRIMARY KEY,
    version    TEXT   NOT NULL,
    changed_at BIGINT NOT NULL
);

-- Every publish, promote, rollback and expiry. A promote keeps the version it replaced
-- (previous, '' for the shipped build) so that a rollback can undo it; undone marks
-- the promotes a rollback has undone.
CREATE TABLE section_events (
    id       BIGSERIAL PRIMARY KEY,
    section  TEXT    NOT NULL,
    action   TEXT    NOT NULL CHECK (action IN ('publish', 'promote', 'rollback', 'expire')),
    version  TEXT    NOT NULL,
    previous TEXT    NOT NULL DEFAULT '',
    actor    TEXT    NOT NULL,
    at       BIGINT  NOT NULL,
    undone   SMALLINT NOT NULL DEFAULT 0
);
CREATE INDEX section_events_section ON section_events (section, id);

-- +goose Down
DROP TABLE section_events;
DROP TABLE section_current;
DROP TABLE section_release_blobs;
DROP TABLE section_releases;
