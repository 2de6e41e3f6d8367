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
    secret     BYTEA  NOT NULL,
    created_at BIGINT NOT NULL
);

ALTER TABLE section_events ADD COLUMN note TEXT NOT NULL DEFAULT '';
ALTER TABLE section_events DROP CONSTRAINT section_events_action_check;
ALTER TABLE section_events ADD CONSTRAINT section_events_action_check
    CHECK (action IN ('publish', 'promote', 'rollback', 'expire', 'key-add', 'key-remove', 'canary', 'abort'));

-- +goose Down
DELETE FROM section_events WHERE action IN ('canary', 'abort');
ALTER TABLE section_events DROP CONSTRAINT section_events_action_check;
ALTER TABLE section_events ADD CONSTRAINT section_events_action_check
    CHECK (action IN ('publish', 'promote', 'rollback', 'expire', 'key-add', 'key-remove'));
ALTER TABLE section_events DROP COLUMN note;
DROP TABLE section_secrets;
DROP TABLE section_canaries;
