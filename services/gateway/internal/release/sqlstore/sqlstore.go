// Package sqlstore keeps the section releases in the site's database, which every
// replica shares: the published releases with their manifests, the version each
// section serves now, and the history of who published, promoted, rolled back or
// expired what. The artifacts themselves go where every replica reaches them: into
// the database on PostgreSQL, into a folder of the data directory on SQLite (one
// machine) — see docs/decisions/0035-section-releases.md. Each release's files are
// also kept one by one, in the database on both (section_release_files), so that one
// file is read without its artifact (docs/decisions/0049-release-files-from-an-index.md).
//
// Each statement is a file in queries/ named by what it does ($N placeholders,
// rebound for SQLite by sqldb); the schema is in migrations/<dialect>/.
package sqlstore

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// files are the statements (queries/) and the schema (migrations/<dialect>/).
//
//go:embed migrations queries
var files embed.FS

// Schema is the releases' tables, recorded in their own goose version table.
var Schema = sqldb.Schema{FS: files, Table: "sections_goose_db_version"}

type statements struct {
	ClearCurrent, DeleteBlob, DeleteRelease, GetBlob, GetCurrent, GetRelease   string
	InsertBlob, InsertEvent, InsertRelease, LastPromote, ListCurrent           string
	ListEvents, ListReleases, SetCurrent, UndoEvent                            string
	GetFile, HasFiles, InsertFile                                              string
	GetToken, InsertToken, ListTokens, RevokeToken, TouchToken                 string
	GetSignature, SetSignature, InsertKey, DeleteKey, ListKeys, InsertKeyEvent string
	ListCanaries, SetCanary, ClearCanary, EndCanary, AdvanceCanary, GetCanary  string
	InsertNotedEvent, InsertSecret, GetSecret, FinishCanary                    string
	HasBlob, HasTables                                                         string
}

// Store keeps releases in db and their artifacts in blobs.
type Store struct {
	db    *sqldb.DB
	q     statements
	blobs blobs
}

// blobs is where the artifacts are.
type blobs interface {
	put(ctx context.Context, tx *sql.Tx, section, version string, data []byte) error
	get(ctx context.Context, section, version string) ([]byte, error)
	remove(ctx context.Context, section, version string) error
}

// New returns the store over db (migrated with Schema). On SQLite the artifacts are
// files under dir; on PostgreSQL they are rows, and dir is not used.
func New(db *sqldb.DB, dir string) *Store {
	s := &Store{db: db, q: sqldb.Statements[statements](files, db.Dialect)}
	if db.Dialect == sqldb.Postgres {
		s.blobs = dbBlobs{s}
	} else {
		s.blobs = dirBlobs{dir}
	}
	return s
}

// Publish stores rel (its artifact raw, each of its files, its signature sig or nil)
// as published by actor. Publishing a version again with the same digest changes
// nothing, but for a new signature, which replaces the one kept (a release signed again
// after its key was removed) and is a publish event; with another digest it is
// release.ErrVersionTaken.
func (s *Store) Publish(ctx context.Context, rel *release.Release, raw, sig []byte, actor string, now time.Time) error {
	m := rel.Manifest
	armored := ""
	if len(sig) > 0 {
		armored = string(release.Armor(sig))
	}
	return s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q.InsertRelease, m.Section, m.Version, rel.Digest, string(rel.ManifestJSON), len(raw), now.UnixMilli(), actor, armored, release.SignedBy(sig))
		if err != nil {
			return fmt.Errorf("releases: insert: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			var digest string
			if err := tx.QueryRowContext(ctx, s.q.GetRelease, m.Section, m.Version).Scan(&digest, new(string), new(int64), new(int64), new(string)); err != nil {
				return fmt.Errorf("releases: get: %w", err)
			}
			if digest != rel.Digest {
				return fmt.Errorf("%w: %s %s is published with digest %s", release.ErrVersionTaken, m.Section, m.Version, digest)
			}
			var kept string
			if err := tx.QueryRowContext(ctx, s.q.GetSignature, m.Section, m.Version).Scan(&kept); err != nil {
				return fmt.Errorf("releases: get signature: %w", err)
			}
			if armored == "" || armored == kept {
				return nil
			}
			if _, err := tx.ExecContext(ctx, s.q.SetSignature, m.Section, m.Version, armored, release.SignedBy(sig)); err != nil {
				return fmt.Errorf("releases: set signature: %w", err)
			}
			return s.event(ctx, tx, m.Section, "publish", m.Version, "", actor, now)
		}
		if err := s.blobs.put(ctx, tx, m.Section, m.Version, raw); err != nil {
			return err
		}
		if err := s.putFiles(ctx, tx, rel); err != nil {
			return err
		}
		return s.event(ctx, tx, m.Section, "publish", m.Version, "", actor, now)
	})
}

// Index keeps the files of rel, published already, one by one, as Publish does: for
// a release published before they were kept so. Files already kept stay as they are,
// so two gateways indexing one release at once both succeed.
func (s *Store) Index(ctx context.Context, rel *release.Release) error {
	return s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error { return s.putFiles(ctx, tx, rel) })
}

func (s *Store) putFiles(ctx context.Context, tx *sql.Tx, rel *release.Release) error {
	for name, data := range rel.Files {
		if _, err := tx.ExecContext(ctx, s.q.InsertFile, rel.Manifest.Section, rel.Manifest.Version, name, data); err != nil {
			return fmt.Errorf("releases: store %s: %w", name, err)
		}
	}
	return nil
}

// Files returns those of names that a published release has, each read on its own: a
// request for one file costs that file, whatever the size of the release. With none
// of names found it says why when it is not simply their absence:
// release.ErrNoRelease for a version not published, release.ErrNotIndexed for one
// whose files were never kept one by one (published by an older gateway; Index).
func (s *Store) Files(ctx context.Context, section, version string, names []string) (map[string][]byte, error) {
	files, err := s.files(ctx, section, version, names)
	if err != nil || len(files) > 0 {
		return files, err
	}
	err = s.db.Reader.QueryRowContext(ctx, s.q.HasFiles, section, version).Scan(new(int))
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if _, err := s.Manifest(ctx, section, version); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("%w: %s %s", release.ErrNotIndexed, section, version)
	case err != nil:
		return nil, fmt.Errorf("releases: read %s %s: %w", section, version, err)
	}
	// Its files may have been kept (Index) since names were looked for; once kept, they
	// stay, so looking again is the answer.
	return s.files(ctx, section, version, names)
}

func (s *Store) files(ctx context.Context, section, version string, names []string) (map[string][]byte, error) {
	files := make(map[string][]byte, len(names))
	for _, name := range names {
		var data []byte
		err := s.db.Reader.QueryRowContext(ctx, s.q.GetFile, section, version, name).Scan(&data)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("releases: read %s %s %s: %w", section, version, name, err)
		}
		files[name] = data
	}
	return files, nil
}

// Manifest returns a published release's release.json, as published.
func (s *Store) Manifest(ctx context.Context, section, version string) ([]byte, error) {
	var manifest string
	err := s.db.Reader.QueryRowContext(ctx, s.q.GetRelease, section, version).Scan(new(string), &manifest, new(int64), new(int64), new(string))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s %s", release.ErrNoRelease, section, version)
	}
	if err != nil {
		return nil, fmt.Errorf("releases: get: %w", err)
	}
	return []byte(manifest), nil
}

// Artifact returns a published release's artifact.
func (s *Store) Artifact(ctx context.Context, section, version string) ([]byte, error) {
	var digest string
	err := s.db.Reader.QueryRowContext(ctx, s.q.GetRelease, section, version).Scan(&digest, new(string), new(int64), new(int64), new(string))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s %s", release.ErrNoRelease, section, version)
	}
	if err != nil {
		return nil, fmt.Errorf("releases: get: %w", err)
	}
	return s.blobs.get(ctx, section, version)
}

// List returns section's published releases, newest first.
func (s *Store) List(ctx context.Context, section string) ([]release.Record, error) {
	rows, err := s.db.Reader.QueryContext(ctx, s.q.ListReleases, section)
	if err != nil {
		return nil, fmt.Errorf("releases: list: %w", err)
	}
	defer rows.Close()
	var out []release.Record
	for rows.Next() {
		r := release.Record{Section: section}
		var at int64
		if err := rows.Scan(&r.Version, &r.Digest, &r.Size, &at, &r.PublishedBy, &r.SignedBy); err != nil {
			return nil, fmt.Errorf("releases: list: %w", err)
		}
		r.PublishedAt = time.UnixMilli(at).UTC().Truncate(time.Second)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Current returns the version each section serves; a section absent serves its
// shipped build.
func (s *Store) Current(ctx context.Context) (map[string]string, error) {
	rows, err := s.db.Reader.QueryContext(ctx, s.q.ListCurrent)
	if err != nil {
		return nil, fmt.Errorf("releases: current: %w", err)
	}
	defer rows.Close()
	current := map[string]string{}
	for rows.Next() {
		var section, version string
		if err := rows.Scan(&section, &version); err != nil {
			return nil, fmt.Errorf("releases: current: %w", err)
		}
		current[section] = version
	}
	return current, rows.Err()
}

// Promote makes version (published) the one section serves, remembering the one it
// replaces for Rollback.
func (s *Store) Promote(ctx context.Context, section, version, actor string, now time.Time) error {
	return s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, s.q.GetRelease, section, version).Scan(new(string), new(string), new(int64), new(int64), new(string))
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %s %s", release.ErrNoRelease, section, version)
		}
		if err != nil {
			return fmt.Errorf("releases: get: %w", err)
		}
		previous, err := s.current(ctx, tx, section)
		if err != nil {
			return err
		}
		// A promote serves one version to everyone: a canary of the section ends (one of
		// this version is finished by it).
		if _, err := tx.ExecContext(ctx, s.q.ClearCanary, section); err != nil {
			return fmt.Errorf("releases: promote: %w", err)
		}
		if previous == version {
			return nil
		}
		if _, err := tx.ExecContext(ctx, s.q.SetCurrent, section, version, now.UnixMilli()); err != nil {
			return fmt.Errorf("releases: promote: %w", err)
		}
		return s.event(ctx, tx, section, "promote", version, previous, actor, now)
	})
}

// Rollback undoes section's last promote that is not undone yet: the section serves
// again the version that promote replaced (” for the shipped build), which it
// returns. With nothing to undo it is release.ErrNothingToRollBack. While a canary
// runs, a rollback ends it instead: everyone is served the current version again.
func (s *Store) Rollback(ctx context.Context, section, actor string, now time.Time) (string, error) {
	var to string
	err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		canary, _, err := s.canary(ctx, tx, section)
		if err != nil {
			return err
		}
		if canary != "" {
			if _, err := tx.ExecContext(ctx, s.q.ClearCanary, section); err != nil {
				return fmt.Errorf("releases: rollback: %w", err)
			}
			if to, err = s.current(ctx, tx, section); err != nil {
				return err
			}
			return s.noted(ctx, tx, section, "rollback", to, canary, actor, "the canary ended", now)
		}
		var id int64
		var from string
		err = tx.QueryRowContext(ctx, s.q.LastPromote, section).Scan(&id, &from, &to)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %s", release.ErrNothingToRollBack, section)
		}
		if err != nil {
			return fmt.Errorf("releases: last promote: %w", err)
		}
		if to == "" {
			_, err = tx.ExecContext(ctx, s.q.ClearCurrent, section)
		} else {
			_, err = tx.ExecContext(ctx, s.q.SetCurrent, section, to, now.UnixMilli())
		}
		if err != nil {
			return fmt.Errorf("releases: rollback: %w", err)
		}
		if _, err := tx.ExecContext(ctx, s.q.UndoEvent, id); err != nil {
			return fmt.Errorf("releases: rollback: %w", err)
		}
		return s.event(ctx, tx, section, "rollback", to, from, actor, now)
	})
	return to, err
}

// History returns section's last limit events, newest first.
func (s *Store) History(ctx context.Context, section string, limit int) ([]release.Event, error) {
	rows, err := s.db.Reader.QueryContext(ctx, s.q.ListEvents, section, limit)
	if err != nil {
		return nil, fmt.Errorf("releases: history: %w", err)
	}
	defer rows.Close()
	var out []release.Event
	for rows.Next() {
		e := release.Event{Section: section}
		var at int64
		if err := rows.Scan(&e.Action, &e.Version, &e.Previous, &e.Actor, &at, &e.Key, &e.Note); err != nil {
			return nil, fmt.Errorf("releases: history: %w", err)
		}
		e.At = time.UnixMilli(at).UTC().Truncate(time.Second)
		out = append(out, e)
	}
	return out, rows.Err()
}

// Expire removes section's releases published before cutoff, but never the current
// one nor the keep newest; it returns the versions removed.
func (s *Store) Expire(ctx context.Context, section string, cutoff time.Time, keep int, now time.Time) ([]string, error) {
	list, err := s.List(ctx, section)
	if err != nil {
		return nil, err
	}
	current, err := s.Current(ctx)
	if err != nil {
		return nil, err
	}
	var removed []string
	for i, r := range list {
		if i < keep || r.Version == current[section] || !r.PublishedAt.Before(cutoff) {
			continue
		}
		err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
			if _, err := tx.ExecContext(ctx, s.q.DeleteRelease, section, r.Version); err != nil {
				return fmt.Errorf("releases: expire: %w", err)
			}
			return s.event(ctx, tx, section, "expire", r.Version, "", "retention", now)
		})
		if err != nil {
			return removed, err
		}
		// After the row: a blob without a row is never served, a row without its blob would be.
		if err := s.blobs.remove(ctx, section, r.Version); err != nil {
			return removed, err
		}
		removed = append(removed, r.Version)
	}
	return removed, nil
}

func (s *Store) current(ctx context.Context, tx *sql.Tx, section string) (string, error) {
	var v string
	err := tx.QueryRowContext(ctx, s.q.GetCurrent, section).Scan(&v)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("releases: current: %w", err)
	}
	return v, nil
}

// canary is the version and share of section's canary in tx; ” for none.
func (s *Store) canary(ctx context.Context, tx *sql.Tx, section string) (string, int, error) {
	var v string
	var p int
	err := tx.QueryRowContext(ctx, s.q.GetCanary, section).Scan(&v, &p)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", 0, fmt.Errorf("releases: canary: %w", err)
	}
	return v, p, nil
}

// noted records an event with a note.
func (s *Store) noted(ctx context.Context, tx *sql.Tx, section, action, version, previous, actor, note string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, s.q.InsertNotedEvent, section, action, version, previous, actor, now.UnixMilli(), note); err != nil {
		return fmt.Errorf("releases: %s event: %w", action, err)
	}
	return nil
}

// Canaries implements release.Store: the canary of every section that runs one.
func (s *Store) Canaries(ctx context.Context) (map[string]release.Canary, error) {
	rows, err := s.db.Reader.QueryContext(ctx, s.q.ListCanaries)
	if err != nil {
		return nil, fmt.Errorf("releases: canaries: %w", err)
	}
	defer rows.Close()
	out := map[string]release.Canary{}
	for rows.Next() {
		var c release.Canary
		var started, changed, every, next int64
		var stages string
		if err := rows.Scan(&c.Section, &c.Version, &c.Percent, &started, &changed, &stages, &every, &next); err != nil {
			return nil, fmt.Errorf("releases: canaries: %w", err)
		}
		c.StartedAt, c.ChangedAt, c.NextAt = millis(started), millis(changed), millis(next)
		c.Every = time.Duration(every) * time.Millisecond
		c.Stages = release.ParseStages(stages)
		out[c.Section] = c
	}
	return out, rows.Err()
}

// StartCanary implements release.Store: c.Version (published, not the one served) goes
// to c.Percent of the section's new visitors; a canary of another version is replaced,
// one of this version widened or narrowed. Its 'canary' event names the share.
func (s *Store) StartCanary(ctx context.Context, c release.Canary, actor string, now time.Time) error {
	return s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, s.q.GetRelease, c.Section, c.Version).Scan(new(string), new(string), new(int64), new(int64), new(string))
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %s %s", release.ErrNoRelease, c.Section, c.Version)
		}
		if err != nil {
			return fmt.Errorf("releases: get: %w", err)
		}
		current, err := s.current(ctx, tx, c.Section)
		if err != nil {
			return err
		}
		if current == c.Version {
			return fmt.Errorf("%w: %s already serves %s to everyone", release.ErrCanaryServed, c.Section, c.Version)
		}
		if _, err := tx.ExecContext(ctx, s.q.SetCanary, c.Section, c.Version, c.Percent, now.UnixMilli(),
			release.FormatStages(c.Stages), c.Every.Milliseconds(), c.NextAt.UnixMilli()); err != nil {
			return fmt.Errorf("releases: canary: %w", err)
		}
		return s.noted(ctx, tx, c.Section, "canary", c.Version, current, actor, fmt.Sprintf("%d%%", c.Percent), now)
	})
}

// AbortCanary implements release.Store: ends section's canary of version, if it still
// runs, and records why as an 'abort' event. Of replicas that decide so at once, one
// deletes the row and records; the others get release.ErrNoCanary.
func (s *Store) AbortCanary(ctx context.Context, section, version, actor, reason string, now time.Time) error {
	return s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q.EndCanary, section, version)
		if err != nil {
			return fmt.Errorf("releases: abort: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: %s %s", release.ErrNoCanary, section, version)
		}
		current, err := s.current(ctx, tx, section)
		if err != nil {
			return err
		}
		return s.noted(ctx, tx, section, "abort", current, version, actor, reason, now)
	})
}

// AdvanceCanary implements release.Store: moves section's canary of version from the
// share from to c's (its next stage), if nobody moved it since; release.ErrNoCanary
// when another replica did, or it ended.
func (s *Store) AdvanceCanary(ctx context.Context, c release.Canary, from int, actor string, now time.Time) error {
	return s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var res sql.Result
		var err error
		if c.Percent >= 100 {
			res, err = tx.ExecContext(ctx, s.q.FinishCanary, c.Section, c.Version, from)
		} else {
			res, err = tx.ExecContext(ctx, s.q.AdvanceCanary, c.Section, c.Version, from, c.Percent, release.FormatStages(c.Stages), c.NextAt.UnixMilli(), now.UnixMilli())
		}
		if err != nil {
			return fmt.Errorf("releases: advance canary: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: %s %s at %d%%", release.ErrNoCanary, c.Section, c.Version, from)
		}
		current, err := s.current(ctx, tx, c.Section)
		if err != nil {
			return err
		}
		if c.Percent < 100 {
			return s.noted(ctx, tx, c.Section, "canary", c.Version, current, actor, fmt.Sprintf("%d%%", c.Percent), now)
		}
		if _, err := tx.ExecContext(ctx, s.q.SetCurrent, c.Section, c.Version, now.UnixMilli()); err != nil {
			return fmt.Errorf("releases: promote: %w", err)
		}
		return s.noted(ctx, tx, c.Section, "promote", c.Version, current, actor, "the canary's last stage", now)
	})
}

// Secret implements release.Store: the secret kept for purpose, made from fresh by
// whichever gateway asks first.
func (s *Store) Secret(ctx context.Context, purpose string, fresh []byte, now time.Time) ([]byte, error) {
	if _, err := s.db.ExecContext(ctx, s.q.InsertSecret, purpose, fresh, now.UnixMilli()); err != nil {
		return nil, fmt.Errorf("releases: secret: %w", err)
	}
	var secret []byte
	if err := s.db.QueryRowContext(ctx, s.q.GetSecret, purpose).Scan(&secret); err != nil {
		return nil, fmt.Errorf("releases: secret: %w", err)
	}
	return secret, nil
}

func (s *Store) event(ctx context.Context, tx *sql.Tx, section, action, version, previous, actor string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, s.q.InsertEvent, section, action, version, previous, actor, now.UnixMilli()); err != nil {
		return fmt.Errorf("releases: %s event: %w", action, err)
	}
	return nil
}

// dbBlobs keeps artifacts in section_release_blobs, in the publish transaction.
type dbBlobs struct{ s *Store }

func (b dbBlobs) put(ctx context.Context, tx *sql.Tx, section, version string, data []byte) error {
	if _, err := tx.ExecContext(ctx, b.s.q.InsertBlob, section, version, data); err != nil {
		return fmt.Errorf("releases: store artifact: %w", err)
	}
	return nil
}

func (b dbBlobs) get(ctx context.Context, section, version string) ([]byte, error) {
	var data []byte
	err := b.s.db.Reader.QueryRowContext(ctx, b.s.q.GetBlob, section, version).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s %s has no artifact", release.ErrNoRelease, section, version)
	}
	if err != nil {
		return nil, fmt.Errorf("releases: read artifact: %w", err)
	}
	return data, nil
}

func (b dbBlobs) remove(ctx context.Context, section, version string) error {
	if _, err := b.s.db.ExecContext(ctx, b.s.q.DeleteBlob, section, version); err != nil {
		return fmt.Errorf("releases: remove artifact: %w", err)
	}
	return nil
}

// dirBlobs keeps artifacts as <dir>/<section>/<version>.tar.gz, written to a temporary
// name and renamed, so a reader never sees half a file. The file is written before the
// transaction that records it commits: a failed commit leaves an unreferenced file
// that the next publish of that version overwrites.
type dirBlobs struct{ dir string }

// artifactExt ends an artifact's file name.
const artifactExt = ".tar.gz"

func (b dirBlobs) path(section, version string) string {
	return filepath.Join(b.dir, section, version+artifactExt)
}

func (b dirBlobs) put(_ context.Context, _ *sql.Tx, section, version string, data []byte) error {
	p := b.path(section, version)
	// 0700: the artifacts are the gateway's alone (docs/decisions/0051-private-files.md).
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("releases: store artifact: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".upload-*")
	if err != nil {
		return fmt.Errorf("releases: store artifact: %w", err)
	}
	defer os.Remove(tmp.Name()) //nolint:errcheck // gone after the rename
	if _, err := tmp.Write(data); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("releases: store artifact: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("releases: store artifact: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("releases: store artifact: %w", err)
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		return fmt.Errorf("releases: store artifact: %w", err)
	}
	return nil
}

func (b dirBlobs) get(_ context.Context, section, version string) ([]byte, error) {
	data, err := os.ReadFile(b.path(section, version))
	if errors.Is(err, os.ErrNotExist) {
		// Not the path: the message is the API's answer (the directory is the operator's
		// PORTFOLIO_DATA_DIR/releases).
		return nil, fmt.Errorf("%w: %s %s has no artifact", release.ErrNoRelease, section, version)
	}
	if err != nil {
		return nil, fmt.Errorf("releases: read artifact: %w", err)
	}
	return data, nil
}

func (b dirBlobs) remove(_ context.Context, section, version string) error {
	if err := os.Remove(b.path(section, version)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("releases: remove artifact: %w", err)
	}
	return nil
}

// CopyArtifacts copies the artifacts kept as files under from (the dir of New on
// SQLite) that to lacks, in the same layout, and says how many it copied: a backup
// takes them along, a restore brings them back. A missing from has none; the uploads
// in progress are not artifacts.
func CopyArtifacts(ctx context.Context, from, to string) (int, error) {
	src, dst := dirBlobs{from}, dirBlobs{to}
	names, err := filepath.Glob(src.path("*", "*"))
	if err != nil {
		return 0, err
	}
	copied := 0
	for _, name := range names {
		section, version := filepath.Base(filepath.Dir(name)), strings.TrimSuffix(filepath.Base(name), artifactExt)
		if _, err := os.Stat(dst.path(section, version)); err == nil {
			continue
		}
		data, err := src.get(ctx, section, version)
		if err != nil {
			return copied, err
		}
		if err := dst.put(ctx, nil, section, version, data); err != nil {
			return copied, fmt.Errorf("%s %s: %w", section, version, err)
		}
		copied++
	}
	return copied, nil
}

// MissingArtifacts are the sections' current releases ("<section> <version>", in
// order) whose artifact is neither in the database nor a file under one of dirs (as
// CopyArtifacts lays them out): a gateway on this database would not start. A database
// from before releases misses none.
func (s *Store) MissingArtifacts(ctx context.Context, dirs ...string) ([]string, error) {
	var n int
	if err := s.db.Reader.QueryRowContext(ctx, s.q.HasTables).Scan(&n); err != nil || n == 0 {
		return nil, err
	}
	current, err := s.Current(ctx)
	if err != nil {
		return nil, err
	}
	var missing []string
	for section, version := range current {
		// In the database (a replicated site's, docs/decisions/0053), or a file.
		var inDB int
		if err := s.db.Reader.QueryRowContext(ctx, s.q.HasBlob, section, version).Scan(&inDB); err != nil {
			return nil, fmt.Errorf("releases: look for an artifact: %w", err)
		}
		found := inDB > 0
		for _, dir := range dirs {
			if _, err := os.Stat(dirBlobs{dir}.path(section, version)); err == nil {
				found = true
			}
		}
		if !found {
			missing = append(missing, section+" "+version)
		}
	}
	slices.Sort(missing)
	return missing, nil
}

// InsertToken implements release.TokenStore.
func (s *Store) InsertToken(ctx context.Context, t release.Token) error {
	if _, err := s.db.ExecContext(ctx, s.q.InsertToken, t.ID, t.Section, t.SecretHash, t.CreatedAt.UnixMilli(), t.ExpiresAt.UnixMilli()); err != nil {
		return fmt.Errorf("deploy tokens: insert: %w", err)
	}
	return nil
}

// Token implements release.TokenStore.
func (s *Store) Token(ctx context.Context, id string) (release.Token, error) {
	t := release.Token{ID: id}
	var created, expires, revoked, used int64
	err := s.db.Reader.QueryRowContext(ctx, s.q.GetToken, id).Scan(&t.Section, &t.SecretHash, &created, &expires, &revoked, &used)
	if errors.Is(err, sql.ErrNoRows) {
		return t, release.ErrNoToken
	}
	if err != nil {
		return t, fmt.Errorf("deploy tokens: get: %w", err)
	}
	t.CreatedAt, t.ExpiresAt, t.RevokedAt, t.LastUsedAt = millis(created), millis(expires), millis(revoked), millis(used)
	return t, nil
}

// Tokens implements release.TokenStore: every token, newest first.
func (s *Store) Tokens(ctx context.Context) ([]release.Token, error) {
	rows, err := s.db.Reader.QueryContext(ctx, s.q.ListTokens)
	if err != nil {
		return nil, fmt.Errorf("deploy tokens: list: %w", err)
	}
	defer rows.Close()
	var out []release.Token
	for rows.Next() {
		var t release.Token
		var created, expires, revoked, used int64
		if err := rows.Scan(&t.ID, &t.Section, &created, &expires, &revoked, &used); err != nil {
			return nil, fmt.Errorf("deploy tokens: list: %w", err)
		}
		t.CreatedAt, t.ExpiresAt, t.RevokedAt, t.LastUsedAt = millis(created), millis(expires), millis(revoked), millis(used)
		out = append(out, t)
	}
	return out, rows.Err()
}

// RevokeToken implements release.TokenStore.
func (s *Store) RevokeToken(ctx context.Context, id string, now time.Time) error {
	res, err := s.db.ExecContext(ctx, s.q.RevokeToken, id, now.UnixMilli())
	if err != nil {
		return fmt.Errorf("deploy tokens: revoke: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := s.Token(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// TouchToken implements release.TokenStore.
func (s *Store) TouchToken(ctx context.Context, id string, now time.Time) error {
	if _, err := s.db.ExecContext(ctx, s.q.TouchToken, id, now.UnixMilli()); err != nil {
		return fmt.Errorf("deploy tokens: touch: %w", err)
	}
	return nil
}

// millis is a stored time; 0 is the zero time (not happened).
func millis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

// Signature implements release.KeyStore: the SSHSIG blob of the signature section's
// version was published with, nil for none.
func (s *Store) Signature(ctx context.Context, section, version string) ([]byte, error) {
	var armored string
	err := s.db.Reader.QueryRowContext(ctx, s.q.GetSignature, section, version).Scan(&armored)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s %s", release.ErrNoRelease, section, version)
	}
	if err != nil {
		return nil, fmt.Errorf("releases: get signature: %w", err)
	}
	if armored == "" {
		return nil, nil
	}
	return release.Unarmor([]byte(armored))
}

// AddKey implements release.KeyStore: the key and its key-add event, in one transaction.
func (s *Store) AddKey(ctx context.Context, k release.Key) error {
	return s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q.InsertKey, k.Section, k.Fingerprint, k.Type, k.PublicKey, k.Comment, k.AddedAt.UnixMilli(), k.AddedBy)
		if err != nil {
			return fmt.Errorf("section keys: insert: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: %s %s", release.ErrKeyExists, k.Section, k.Fingerprint)
		}
		return s.keyEvent(ctx, tx, k.Section, "key-add", k.Fingerprint, k.AddedBy, k.AddedAt)
	})
}

// RemoveKey implements release.KeyStore: the key gone and its key-remove event, in one
// transaction.
func (s *Store) RemoveKey(ctx context.Context, section, fingerprint, actor string, now time.Time) error {
	return s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q.DeleteKey, section, fingerprint)
		if err != nil {
			return fmt.Errorf("section keys: delete: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%w: %s %s", release.ErrNoKey, section, fingerprint)
		}
		return s.keyEvent(ctx, tx, section, "key-remove", fingerprint, actor, now)
	})
}

// Keys implements release.KeyStore: section's keys, oldest first.
func (s *Store) Keys(ctx context.Context, section string) ([]release.Key, error) {
	rows, err := s.db.Reader.QueryContext(ctx, s.q.ListKeys, section)
	if err != nil {
		return nil, fmt.Errorf("section keys: list: %w", err)
	}
	defer rows.Close()
	var out []release.Key
	for rows.Next() {
		k := release.Key{Section: section}
		var at int64
		if err := rows.Scan(&k.Fingerprint, &k.Type, &k.PublicKey, &k.Comment, &at, &k.AddedBy); err != nil {
			return nil, fmt.Errorf("section keys: list: %w", err)
		}
		k.AddedAt = millis(at)
		out = append(out, k)
	}
	return out, rows.Err()
}

func (s *Store) keyEvent(ctx context.Context, tx *sql.Tx, section, action, fingerprint, actor string, now time.Time) error {
	if _, err := tx.ExecContext(ctx, s.q.InsertKeyEvent, section, action, actor, now.UnixMilli(), fingerprint); err != nil {
		return fmt.Errorf("section keys: %s event: %w", action, err)
	}
	return nil
}

// NewReplicated is New for a SQLite database that is replicated
// (docs/decisions/0053): new artifacts go into the database, so that the replica
// carries them; those published before, still files under dir, are read from there
// until AdoptFiles copies them in.
func NewReplicated(db *sqldb.DB, dir string) *Store {
	s := New(db, dir)
	if db.Dialect == sqldb.SQLite {
		s.blobs = layeredBlobs{db: dbBlobs{s}, dir: dirBlobs{dir}}
	}
	return s
}

// AdoptFiles copies into the database the artifact of every release it records
// that is only a file under dir, and says how many it copied: once they are in, a
// lost disk loses none of them.
func (s *Store) AdoptFiles(ctx context.Context) (int, error) {
	lb, ok := s.blobs.(layeredBlobs)
	if !ok {
		return 0, nil
	}
	adopted := 0
	for _, section := range release.Sections {
		recs, err := s.List(ctx, section)
		if err != nil {
			return adopted, err
		}
		for _, r := range recs {
			if _, err := lb.db.get(ctx, section, r.Version); !errors.Is(err, release.ErrNoRelease) {
				if err != nil {
					return adopted, err
				}
				continue // in the database already
			}
			data, err := lb.dir.get(ctx, section, r.Version)
			if errors.Is(err, release.ErrNoRelease) {
				continue // no file either: nothing to adopt
			}
			if err != nil {
				return adopted, err
			}
			if err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error { return lb.db.put(ctx, tx, section, r.Version, data) }); err != nil {
				return adopted, err
			}
			adopted++
		}
	}
	return adopted, nil
}

// layeredBlobs keeps new artifacts in the database and reads older ones from files.
type layeredBlobs struct {
	db  dbBlobs
	dir dirBlobs
}

func (b layeredBlobs) put(ctx context.Context, tx *sql.Tx, section, version string, data []byte) error {
	return b.db.put(ctx, tx, section, version, data)
}

func (b layeredBlobs) get(ctx context.Context, section, version string) ([]byte, error) {
	data, err := b.db.get(ctx, section, version)
	if errors.Is(err, release.ErrNoRelease) {
		return b.dir.get(ctx, section, version)
	}
	return data, err
}

func (b layeredBlobs) remove(ctx context.Context, section, version string) error {
	if err := b.db.remove(ctx, section, version); err != nil {
		return err
	}
	return b.dir.remove(ctx, section, version)
}
