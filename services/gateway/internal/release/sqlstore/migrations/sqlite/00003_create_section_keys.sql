-- Signed releases (docs/decisions/0048-signed-releases.md): the public keys whose SSH
-- signature a section's releases need once it has one, each release's signature, and
-- key-add / key-remove in the section's history (key_fingerprint names the key).
-- Times are Unix milliseconds (UTC).

-- +goose Up
CREATE TABLE section_keys (
    section     TEXT   NOT NULL,
    fingerprint TEXT   NOT NULL, -- SHA256:…, as ssh-keygen -l prints it
    key_type    TEXT   NOT NULL,
    public_key  TEXT   NOT NULL, -- as a .pub file has it, without the comment
    comment     TEXT   NOT NULL DEFAULT '',
    added_at    BIGINT NOT NULL,
    added_by    TEXT   NOT NULL,
    PRIMARY KEY (section, fingerprint)
);

-- The signature a release was published with, as ssh-keygen writes it ('' unsigned),
-- and its key's fingerprint: promote checks it again against the keys of the moment.
ALTER TABLE section_releases ADD COLUMN signature TEXT NOT NULL DEFAULT '';
ALTER TABLE section_releases ADD COLUMN signed_by TEXT NOT NULL DEFAULT '';

-- SQLite cannot change a CHECK constraint: section_events is made anew with the key
-- actions, its rows (and ids, which order the history) copied over.
CREATE TABLE section_events_new (
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
INSERT INTO section_events_new (id, section, action, version, previous, actor, at, undone)
    SELECT id, section, action, version, previous, actor, at, undone FROM section_events;
DROP TABLE section_events;
ALTER TABLE section_events_new RENAME TO section_events;
CREATE INDEX section_events_section ON section_events (section, id);

-- +goose Down
CREATE TABLE section_events_old (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    section  TEXT    NOT NULL,
    action   TEXT    NOT NULL CHECK (action IN ('publish', 'promote', 'rollback', 'expire')),
    version  TEXT    NOT NULL,
    previous TEXT    NOT NULL DEFAULT '',
    actor    TEXT    NOT NULL,
    at       BIGINT  NOT NULL,
    undone   SMALLINT NOT NULL DEFAULT 0
);
INSERT INTO section_events_old (id, section, action, version, previous, actor, at, undone)
    SELECT id, section, action, version, previous, actor, at, undone FROM section_events
    WHERE action NOT IN ('key-add', 'key-remove');
DROP TABLE section_events;
ALTER TABLE section_events_old RENAME TO section_events;
CREATE INDEX section_events_section ON section_events (section, id);
ALTER TABLE section_releases DROP COLUMN signed_by;
ALTER TABLE section_releases DROP COLUMN signature;
DROP TABLE section_keys;
