package sqlstore_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release/releasetest"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release/sqlstore"
	"github.com/portfolio-site/portfolio/services/sqldb"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

// clock is a test's time, moved by hand.
type clock struct{ now time.Time }

func (c *clock) Now() time.Time { return c.now }

func newService(t *testing.T, d sqldbtest.Dialect) (*release.Service, *sqlstore.Store, *clock, string) {
	t.Helper()
	db := openReleases(t, d)
	dir := filepath.Join(t.TempDir(), "releases")
	return serviceOn(sqlstore.New(db, dir), dir)
}

// openReleases is a new database of d with the releases' tables.
func openReleases(t *testing.T, d sqldbtest.Dialect) *sqldb.DB {
	t.Helper()
	db := d.Open(t)
	if err := sqldb.MigrateAll(context.Background(), db, sqlstore.Schema); err != nil {
		t.Fatal(err)
	}
	return db
}

// serviceOn is the release service over store, whose artifact files are under dir.
func serviceOn(store *sqlstore.Store, dir string) (*release.Service, *sqlstore.Store, *clock, string) {
	c := &clock{now: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}
	svc := &release.Service{
		Store:   store,
		Shipped: release.Shipped{Provided: map[string]string{"react": releasetest.React}, Paths: map[string]string{"/": "the shell"}},
		Limits:  release.DefaultLimits,
		Now:     c.Now,
		Tokens:  release.Tokens{Store: store, Now: c.Now},
	}
	return svc, store, c, dir
}

func publish(t *testing.T, svc *release.Service, section, version string) {
	t.Helper()
	if _, err := svc.Publish(context.Background(), "", releasetest.Artifact(t, releasetest.Build(t, section, version, version)), "test"); err != nil {
		t.Fatalf("publish %s %s: %v", section, version, err)
	}
}

func serving(t *testing.T, store *sqlstore.Store, section string) string {
	t.Helper()
	current, err := store.Current(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return current[section]
}

func TestPublishPromoteRollBackExpire(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			svc, store, c, dir := newService(t, d)
			for _, v := range []string{"1.0.0-a", "1.0.0-b", "1.0.0-c"} {
				publish(t, svc, "blog", v)
				c.now = c.now.Add(time.Hour)
			}
			if got := serving(t, store, "blog"); got != "" {
				t.Fatalf("serving %q before any promote, want the shipped build", got)
			}
			list, err := store.List(ctx, "blog")
			if err != nil {
				t.Fatal(err)
			}
			if got := versionsOf(list); !slices.Equal(got, []string{"1.0.0-c", "1.0.0-b", "1.0.0-a"}) {
				t.Fatalf("listed %v, want newest first", got)
			}
			// Publishing the same artifact again is a no-op; the same version with other
			// contents is refused.
			publish(t, svc, "blog", "1.0.0-a")
			other := releasetest.Build(t, "blog", "1.0.0-a", "changed")
			if _, err := svc.Publish(ctx, "", releasetest.Artifact(t, other), "test"); apperr.CodeOf(err) != apperr.Conflict {
				t.Fatalf("republishing 1.0.0-a with other contents: %v, want a conflict", err)
			}

			for _, v := range []string{"1.0.0-a", "1.0.0-b", "1.0.0-c"} {
				if err := svc.Promote(ctx, "blog", v, "owner"); err != nil {
					t.Fatal(err)
				}
			}
			if err := svc.Promote(ctx, "blog", "9.9.9", "owner"); apperr.CodeOf(err) != apperr.NotFound {
				t.Fatalf("promoting an unpublished version: %v, want not found", err)
			}
			// Each rollback undoes one promote, back to the shipped build.
			for _, want := range []string{"1.0.0-b", "1.0.0-a", ""} {
				to, err := svc.Rollback(ctx, "blog", "owner")
				if err != nil || to != want || serving(t, store, "blog") != want {
					t.Fatalf("rollback: %q, %v; serving %q, want %q", to, err, serving(t, store, "blog"), want)
				}
			}
			if _, err := svc.Rollback(ctx, "blog", "owner"); apperr.CodeOf(err) != apperr.Conflict || !errors.Is(err, release.ErrNothingToRollBack) {
				t.Fatalf("rollback past the shipped build: %v", err)
			}
			history, err := store.History(ctx, "blog", 100)
			if err != nil {
				t.Fatal(err)
			}
			if len(history) != 9 || history[0].Action != "rollback" || history[0].Previous != "1.0.0-a" || history[0].Actor != "owner" {
				t.Fatalf("history %+v", history)
			}

			// Retention: older than the window and not among the newest kept.
			if err := svc.Promote(ctx, "blog", "1.0.0-a", "owner"); err != nil {
				t.Fatal(err)
			}
			c.now = c.now.Add(8 * 24 * time.Hour)
			removed, err := store.Expire(ctx, "blog", c.now.Add(-7*24*time.Hour), 1, c.now)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(removed, []string{"1.0.0-b"}) {
				t.Fatalf("expired %v, want 1.0.0-b (c is the newest kept, a is served)", removed)
			}
			if _, err := store.Artifact(ctx, "blog", "1.0.0-b"); !errors.Is(err, release.ErrNoRelease) {
				t.Fatalf("expired artifact: %v", err)
			}
			if d.Name == string(sqldb.SQLite) {
				if _, err := os.Stat(filepath.Join(dir, "blog", "1.0.0-b.tar.gz")); !errors.Is(err, os.ErrNotExist) {
					t.Fatalf("expired file still there: %v", err)
				}
				if _, err := os.Stat(filepath.Join(dir, "blog", "1.0.0-c.tar.gz")); err != nil {
					t.Fatalf("kept file: %v", err)
				}
			}
			if _, err := svc.Load(ctx, "blog", "1.0.0-c"); err != nil {
				t.Fatalf("kept release: %v", err)
			}
		})
	}
}

func versionsOf(list []release.Record) []string {
	var out []string
	for _, r := range list {
		out = append(out, r.Version)
	}
	return out
}

func TestTheGateKeepsTheCurrentVersionServing(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			svc, store, _, _ := newService(t, d)
			publish(t, svc, "blog", "1.0.0-a")
			if err := svc.Promote(ctx, "blog", "1.0.0-a", "owner"); err != nil {
				t.Fatal(err)
			}
			// The shell moves to React 20: the blog's next promote no longer fits it.
			publish(t, svc, "blog", "1.0.0-b")
			svc.Shipped.Provided = map[string]string{"react": "20.0.0"}
			err := svc.Promote(ctx, "blog", "1.0.0-b", "owner")
			if apperr.CodeOf(err) != apperr.Conflict || !strings.Contains(err.Error(), "the running shell provides 20.0.0") {
				t.Fatalf("promote against another React: %v", err)
			}
			if got := serving(t, store, "blog"); got != "1.0.0-a" {
				t.Fatalf("serving %q after a refused promote, want 1.0.0-a", got)
			}
			_, err = svc.Publish(ctx, "", releasetest.Artifact(t, releasetest.Build(t, "blog", "1.0.0-c", "c")), "test")
			if apperr.CodeOf(err) != apperr.Conflict {
				t.Fatalf("publish against another React: %v", err)
			}
			if _, err := store.Artifact(ctx, "blog", "1.0.0-c"); !errors.Is(err, release.ErrNoRelease) {
				t.Fatalf("a refused release was stored: %v", err)
			}
			// A newsletter release claiming the blog's page collides with it.
			svc.Shipped.Provided = nil
			nl := releasetest.Build(t, "newsletter", "1.0.0-x", "x")
			claim := nl.Description.Routes[0]
			claim.Path = "/blog/all-posts"
			releasetest.AddPage(t, &nl, claim, "<main></main>")
			_, err = svc.Publish(ctx, "", releasetest.Artifact(t, nl), "test")
			if apperr.CodeOf(err) != apperr.Conflict || !strings.Contains(err.Error(), "route /blog/all-posts collides with section blog's") {
				t.Fatalf("colliding routes: %v", err)
			}
		})
	}
}

func TestDeployTokens(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			svc, store, c, _ := newService(t, d)
			blog, tok, err := svc.Tokens.Create(ctx, "blog", time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(blog, "pfd_"+tok.ID+"_") {
				t.Fatalf("token %q does not carry its id %s", blog, tok.ID)
			}
			stored, err := store.Token(ctx, tok.ID)
			if err != nil || strings.Contains(blog, stored.SecretHash) || stored.SecretHash == "" {
				t.Fatalf("stored %+v, %v: the secret must be kept hashed only", stored, err)
			}
			actor, err := svc.Authorize(ctx, blog, "blog")
			if err != nil || actor != "token:"+tok.ID {
				t.Fatalf("the blog's token for the blog: %q, %v", actor, err)
			}
			if _, err := svc.Authorize(ctx, blog, "newsletter"); apperr.CodeOf(err) != apperr.Forbidden {
				t.Fatalf("the blog's token for the newsletter: %v, want forbidden", err)
			}
			for name, bad := range map[string]string{
				"empty": "", "no prefix": strings.TrimPrefix(blog, "pfd_"), "wrong secret": blog[:len(blog)-2] + "AA",
				"unknown id": "pfd_000000000000_" + blog[len("pfd_")+13:],
			} {
				if _, err := svc.Authorize(ctx, bad, "blog"); apperr.CodeOf(err) != apperr.Unauthorized {
					t.Errorf("%s token: %v, want unauthorized", name, err)
				}
			}
			used, _ := store.Token(ctx, tok.ID)
			if !used.LastUsedAt.Equal(c.now.Truncate(time.Millisecond)) {
				t.Errorf("last used %v, want %v", used.LastUsedAt, c.now)
			}

			c.now = c.now.Add(time.Hour)
			if _, err := svc.Authorize(ctx, blog, "blog"); apperr.CodeOf(err) != apperr.Unauthorized {
				t.Fatalf("expired token: %v, want unauthorized", err)
			}
			fresh, ftok, err := svc.Tokens.Create(ctx, "blog", time.Hour)
			if err != nil {
				t.Fatal(err)
			}
			if err := store.RevokeToken(ctx, ftok.ID, c.now); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Authorize(ctx, fresh, "blog"); apperr.CodeOf(err) != apperr.Unauthorized {
				t.Fatalf("revoked token: %v, want unauthorized", err)
			}
			if err := store.RevokeToken(ctx, "nosuchtoken0", c.now); !errors.Is(err, release.ErrNoToken) {
				t.Fatalf("revoking an unknown token: %v", err)
			}
			if _, _, err := svc.Tokens.Create(ctx, "shop", time.Hour); err == nil {
				t.Fatal("a token for an unknown section was made")
			}
		})
	}
}

// TestReplicatedKeepsArtifactsInTheDatabase: on a replicated SQLite database
// (docs/decisions/0053) a new artifact goes into the database, one published before
// as a file is read from the file and adopted into the database, and once adopted
// every artifact outlives the directory (the disk lost, the database restored).
func TestReplicatedKeepsArtifactsInTheDatabase(t *testing.T) {
	ctx := context.Background()
	db := openReleases(t, sqldbtest.Dialects()[0])
	dir := filepath.Join(t.TempDir(), "releases")
	svc, _, _, _ := serviceOn(sqlstore.New(db, dir), dir)
	publish(t, svc, "blog", "1.0.0-a") // before replication: a file
	store := sqlstore.NewReplicated(db, dir)
	svc.Store, svc.Tokens.Store = store, store
	publish(t, svc, "blog", "1.0.0-b")
	if _, err := os.Stat(filepath.Join(dir, "blog", "1.0.0-b.tar.gz")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a replicated site wrote 1.0.0-b as a file (%v), want it in the database", err)
	}
	for _, v := range []string{"1.0.0-a", "1.0.0-b"} {
		if _, err := store.Artifact(ctx, "blog", v); err != nil {
			t.Errorf("artifact %s: %v", v, err)
		}
	}
	for want, round := range []int{1, 0} {
		n, err := store.AdoptFiles(ctx)
		if err != nil || n != round {
			t.Fatalf("AdoptFiles, round %d: %d, %v; want %d", want+1, n, err, round)
		}
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"1.0.0-a", "1.0.0-b"} {
		if _, err := store.Artifact(ctx, "blog", v); err != nil {
			t.Errorf("artifact %s with the directory gone: %v", v, err)
		}
	}
}
