-- The files of every published release, one row each, written in the transaction that
-- publishes it (docs/decisions/0049-release-files-from-an-index.md): a request for one
-- file of a release that is not in memory reads that file's row, never the artifact.
-- A release published before this table (by an older gateway) has no rows here until
-- a gateway reads its artifact once and writes them.

-- +goose Up
CREATE TABLE section_release_files (
    section TEXT NOT NULL,
    version TEXT NOT NULL,
    -- the file's name below files/ in the artifact, as release.json lists it
    name    TEXT NOT NULL,
    data    BYTEA NOT NULL,
    PRIMARY KEY (section, version, name),
    FOREIGN KEY (section, version) REFERENCES section_releases (section, version) ON DELETE CASCADE
);

-- +goose Down
DROP TABLE section_release_files;
