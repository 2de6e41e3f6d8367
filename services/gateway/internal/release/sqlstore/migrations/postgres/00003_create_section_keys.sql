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

ALTER TABLE section_events ADD COLUMN key_fingerprint TEXT NOT NULL DEFAULT '';
ALTER TABLE section_events DROP CONSTRAINT section_events_action_check;
ALTER TABLE section_events ADD CONSTRAINT section_events_action_check
    CHECK (action IN ('publish', 'promote', 'rollback', 'expire', 'key-add', 'key-remove'));

-- +goose Down
DELETE FROM section_events WHERE action IN ('key-add', 'key-remove');
ALTER TABLE section_events DROP CONSTRAINT section_events_action_check;
ALTER TABLE section_events ADD CONSTRAINT section_events_action_check
    CHECK (action IN ('publish', 'promote', 'rollback', 'expire'));
ALTER TABLE section_events DROP COLUMN key_fingerprint;
ALTER TABLE section_releases DROP COLUMN signed_by;
ALTER TABLE section_releases DROP COLUMN signature;
DROP TABLE section_keys;
