package sqlstore_test

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/content"
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
	return newServiceOver(t, migrated(t, d))
}

func migrated(t *testing.T, d sqldbtest.Dialect) *sqldb.DB {
	t.Helper()
	db := d.Open(t)
	if err := sqldb.MigrateAll(context.Background(), db, sqlstore.Schema); err != nil {
		t.Fatal(err)
	}
	return db
}

func newServiceOver(t *testing.T, db *sqldb.DB) (*release.Service, *sqlstore.Store, *clock, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "releases")
	store := sqlstore.New(db, dir)
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
	if _, err := svc.Publish(context.Background(), "", releasetest.Artifact(t, releasetest.Build(t, section, version, version)), nil, "test"); err != nil {
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
			db := migrated(t, d)
			svc, store, c, dir := newServiceOver(t, db)
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
			if _, err := svc.Publish(ctx, "", releasetest.Artifact(t, other), nil, "test"); apperr.CodeOf(err) != apperr.Conflict {
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
			var left int
			if err := db.QueryRowContext(ctx, "SELECT count(*) FROM section_release_files WHERE version = '1.0.0-b'").Scan(&left); err != nil || left != 0 {
				t.Fatalf("%d files of the expired release left, %v", left, err)
			}
			if files, err := svc.Files(ctx, "blog", "1.0.0-b", []string{"remoteEntry.js"}); apperr.CodeOf(err) != apperr.NotFound {
				t.Fatalf("a file of the expired release: %q, %v", files, err)
			}
			if files, err := svc.Files(ctx, "blog", "1.0.0-c", []string{"remoteEntry.js"}); err != nil || len(files) != 1 {
				t.Fatalf("a file of a kept release: %q, %v", files, err)
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
			if apperr.CodeOf(err) != apperr.Conflict || !strings.Contains(err.Error(), "shell shipped provides 20.0.0") {
				t.Fatalf("promote against another React: %v", err)
			}
			if got := serving(t, store, "blog"); got != "1.0.0-a" {
				t.Fatalf("serving %q after a refused promote, want 1.0.0-a", got)
			}
			_, err = svc.Publish(ctx, "", releasetest.Artifact(t, releasetest.Build(t, "blog", "1.0.0-c", "c")), nil, "test")
			if apperr.CodeOf(err) != apperr.Conflict {
				t.Fatalf("publish against another React: %v", err)
			}
			if _, err := store.Artifact(ctx, "blog", "1.0.0-c"); !errors.Is(err, release.ErrNoRelease) {
				t.Fatalf("a refused release was stored: %v", err)
			}
			// A newsletter release claiming the blog's page: the blog's, not the newsletter's.
			svc.Shipped.Provided = nil
			nl := releasetest.Build(t, "newsletter", "1.0.0-x", "x")
			claim := nl.Description.Routes[0]
			claim.Path = "/blog/all-posts"
			releasetest.AddPage(t, &nl, claim, "<main></main>")
			_, err = svc.Publish(ctx, "", releasetest.Artifact(t, nl), nil, "test")
			if apperr.CodeOf(err) != apperr.Conflict || !strings.Contains(err.Error(), "route /blog/all-posts is outside the newsletter's /newsletter") {
				t.Fatalf("another section's route: %v", err)
			}
			// Inside its own prefix, a page the gateway serves is taken.
			svc.Shipped.Paths = map[string]string{"/newsletter/confirm": "the gateway"}
			nl = releasetest.Build(t, "newsletter", "1.0.0-y", "y")
			claim.Path = "/newsletter/confirm"
			releasetest.AddPage(t, &nl, claim, "<main></main>")
			_, err = svc.Publish(ctx, "", releasetest.Artifact(t, nl), nil, "test")
			if apperr.CodeOf(err) != apperr.Conflict || !strings.Contains(err.Error(), "route /newsletter/confirm collides with the gateway's") {
				t.Fatalf("the gateway's route: %v", err)
			}
		})
	}
}

// TestAReleaseNamesOnlyItsOwnPaths: an attacker's blog release naming the shell's, the
// gateway's and the admin's paths is refused at publish, each path on its own, and at
// promote when it got into the store before the gate knew better; the newsletter's
// next edition is then the newsletter's to publish.
func TestAReleaseNamesOnlyItsOwnPaths(t *testing.T) {
	probe := []string{"/favicon.ico", "/index.html", "/admin", "/admin/evil", "/projects/1", "/atom.xml", "/feed.json", "/search.json", "/metrics", "/Admin/newsletter", "/newsletter/7"}
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			svc, store, c, _ := newService(t, d)
			for i, p := range probe {
				b := releasetest.Build(t, "blog", "6.6.6-"+strconv.Itoa(i), "evil")
				releasetest.AddPage(t, &b, content.Route{Path: p, Section: content.SectionBlog, Title: "Evil"}, "<main>evil</main>")
				_, err := svc.Publish(ctx, "", releasetest.Artifact(t, b), nil, "test")
				if apperr.CodeOf(err) != apperr.Conflict || !strings.Contains(err.Error(), "release: route "+p+" ") || !strings.Contains(err.Error(), " is outside the blog's /blog") {
					t.Errorf("a blog release with %s: %v, want a conflict: outside the blog's /blog", p, err)
				}
			}
			if list, err := store.List(ctx, "blog"); err != nil || len(list) != 0 {
				t.Fatalf("refused releases were stored: %v, %v", list, err)
			}

			// One the store took before this gate: promoting it is refused, nothing changes.
			b := releasetest.Build(t, "blog", "6.6.6-old", "evil")
			releasetest.AddPage(t, &b, content.Route{Path: "/index.html", Section: content.SectionBlog, Title: "Evil"}, "<main>evil</main>")
			raw := releasetest.Artifact(t, b)
			rel, err := release.Open(raw, release.DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			if err := store.Publish(ctx, rel, raw, nil, "before the gate", c.now); err != nil {
				t.Fatal(err)
			}
			err = svc.Promote(ctx, "blog", "6.6.6-old", "owner")
			if apperr.CodeOf(err) != apperr.Conflict || !strings.Contains(err.Error(), "release: route /index.html is outside the blog's /blog") {
				t.Fatalf("promoting it: %v", err)
			}
			if got := serving(t, store, "blog"); got != "" {
				t.Fatalf("serving %q after a refused promote", got)
			}

			nl := releasetest.Build(t, "newsletter", "1.1.0-seven", "seven")
			releasetest.AddPage(t, &nl, content.Route{Path: "/newsletter/7", Section: content.SectionNewsletter, Title: "#7 Seven"}, "<main>#7</main>")
			if _, err := svc.Publish(ctx, "", releasetest.Artifact(t, nl), nil, "test"); err != nil {
				t.Fatalf("the newsletter's /newsletter/7: %v", err)
			}
			if err := svc.Promote(ctx, "newsletter", "1.1.0-seven", "owner"); err != nil {
				t.Fatal(err)
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

// TestSignedReleases: once a section has a key, only a release signed by one of its keys
// (ssh-keygen -Y sign -n portfolio-release over release.json) is published or promoted;
// a removed key no longer verifies; without keys unsigned releases go again. Keys come
// and go in the section's history with their actor. Signed with the real ssh-keygen.
func TestSignedReleases(t *testing.T) {
	keyA, keyB := releasetest.NewSSHKey(t, "team-a@ci"), releasetest.NewSSHKey(t, "team-b@ci")
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			svc, store, c, _ := newService(t, d)
			addKey := func(k releasetest.SSHKey) func(t *testing.T) {
				return func(t *testing.T) {
					added, err := svc.AddKey(ctx, "blog", k.Public, "admin:owner")
					if err != nil || added.Fingerprint != k.Fingerprint {
						t.Fatalf("added %+v, %v; ssh-keygen -l says %s", added, err, k.Fingerprint)
					}
				}
			}
			removeKey := func(k releasetest.SSHKey) func(t *testing.T) {
				return func(t *testing.T) {
					if err := svc.RemoveKey(ctx, "blog", k.Fingerprint, "cli:owner"); err != nil {
						t.Fatal(err)
					}
				}
			}
			// sign is how a step's release is signed: "" unsigned, else the key and how.
			signed := map[string][]byte{} // version → its signature, for the promotes
			sign := func(t *testing.T, how string, rel *release.Release) []byte {
				switch how {
				case "":
					return nil
				case "A":
					return releasetest.Sign(t, keyA.Private, release.SignatureNamespace, rel.ManifestJSON)
				case "B":
					return releasetest.Sign(t, keyB.Private, release.SignatureNamespace, rel.ManifestJSON)
				case "A for git":
					return releasetest.Sign(t, keyA.Private, "git", rel.ManifestJSON)
				case "A over another release":
					return releasetest.Sign(t, keyA.Private, release.SignatureNamespace, append([]byte(" "), rel.ManifestJSON...))
				}
				return []byte("not a signature")
			}
			requires := "release: blog requires a signature by one of its keys; "
			steps := []struct {
				name    string
				before  func(t *testing.T) // a change of the keys first
				sign    string
				promote string // a version published earlier to promote, instead of publishing
				code    apperr.Code
				want    string // the refusal, "" published
			}{
				{name: "no key, unsigned: published"},
				{name: "a key, unsigned: refused", before: addKey(keyA), code: apperr.Forbidden, want: requires + "this release is unsigned"},
				{name: "signed by another key: refused", sign: "B", code: apperr.Forbidden, want: requires + "this release is signed by key " + keyB.Fingerprint + ", which is not one of blog's keys"},
				{name: "signed by the key: published", sign: "A"},
				{name: "signed by the key for another namespace: refused", sign: "A for git", code: apperr.Forbidden, want: `is for "git", not portfolio-release`},
				{name: "the key's signature of another release: refused", sign: "A over another release", code: apperr.Forbidden, want: "does not sign this release"},
				{name: "not a signature: invalid", sign: "junk", code: apperr.Invalid, want: "the signature is not an SSH signature"},
				{name: "an unsigned release published before the key: not promoted", promote: "0", code: apperr.Forbidden, want: requires + "this release is unsigned"},
				{name: "the key's release: promoted", promote: "3"},
				{name: "a second key signs too", before: addKey(keyB), sign: "B"},
				{name: "the first key removed: its release is refused", before: removeKey(keyA), sign: "A", code: apperr.Forbidden, want: requires + "this release is signed by key " + keyA.Fingerprint + ", which is not one of blog's keys"},
				{name: "the first key removed: its published release is not promoted", promote: "3", code: apperr.Forbidden, want: "signed by key " + keyA.Fingerprint + ", which is not one of blog's keys"},
				{name: "no key left: unsigned is published again", before: removeKey(keyB)},
				{name: "no key left: a signature by a removed key is still refused", sign: "B", code: apperr.Forbidden, want: "release: this release is signed by key " + keyB.Fingerprint + ", which is not one of blog's keys (it has none"},
			}
			for i, s := range steps {
				version := "1.0.0-" + strconv.Itoa(i)
				if s.before != nil {
					s.before(t)
				}
				c.now = c.now.Add(time.Minute)
				var err error
				if s.promote != "" {
					err = svc.Promote(ctx, "blog", "1.0.0-"+s.promote, "owner")
				} else {
					raw := releasetest.Artifact(t, releasetest.Build(t, "blog", version, version))
					rel, oerr := release.Open(raw, release.DefaultLimits)
					if oerr != nil {
						t.Fatal(oerr)
					}
					signed[version] = sign(t, s.sign, rel)
					_, err = svc.Publish(ctx, "", raw, signed[version], "test")
				}
				want := s.want
				switch {
				case want == "" && err != nil:
					t.Fatalf("%s: refused: %v", s.name, err)
				case want != "" && (apperr.CodeOf(err) != s.code || !strings.Contains(err.Error(), want)):
					t.Fatalf("%s: %v, want %s saying %q", s.name, err, s.code, want)
				}
				if s.promote == "" {
					_, serr := store.Signature(ctx, "blog", version)
					if stored := !errors.Is(serr, release.ErrNoRelease); stored != (want == "") {
						t.Fatalf("%s: stored %v (%v)", s.name, stored, serr)
					}
				}
			}

			// What was kept: the signature and its key, and the keys' history.
			list, err := store.List(ctx, "blog")
			if err != nil {
				t.Fatal(err)
			}
			by := map[string]string{}
			for _, r := range list {
				by[r.Version] = r.SignedBy
			}
			if by["1.0.0-0"] != "" || by["1.0.0-3"] != keyA.Fingerprint || by["1.0.0-9"] != keyB.Fingerprint {
				t.Errorf("signed by %v, want 1.0.0-0 unsigned, 1.0.0-3 by A, 1.0.0-9 by B", by)
			}
			if sig, err := store.Signature(ctx, "blog", "1.0.0-3"); err != nil || !bytes.Equal(sig, signed["1.0.0-3"]) {
				t.Errorf("the signature kept of 1.0.0-3: %v", err)
			}
			history, err := store.History(ctx, "blog", 100)
			if err != nil {
				t.Fatal(err)
			}
			var keyEvents []string
			for _, e := range history {
				if strings.HasPrefix(e.Action, "key-") {
					keyEvents = append(keyEvents, e.Action+" "+e.Key+" "+e.Actor)
				}
			}
			wantEvents := []string{
				"key-remove " + keyB.Fingerprint + " cli:owner", "key-remove " + keyA.Fingerprint + " cli:owner",
				"key-add " + keyB.Fingerprint + " admin:owner", "key-add " + keyA.Fingerprint + " admin:owner",
			}
			if !slices.Equal(keyEvents, wantEvents) {
				t.Errorf("the keys' history %q, want %q", keyEvents, wantEvents)
			}
		})
	}
}

// TestSectionKeys: a section's keys as the owner adds, lists and removes them, and what
// is refused, with the message the admin and the CLI show.
func TestSectionKeys(t *testing.T) {
	ed := releasetest.NewSSHKey(t, "blog@ci")
	ecdsa := releasetest.NewSSHKey(t, "ecdsa@ci", "-t", "ecdsa", "-b", "256")
	rsa := releasetest.NewSSHKey(t, "rsa@ci", "-t", "rsa", "-b", "3072")
	shortRSA := releasetest.NewSSHKey(t, "old@ci", "-t", "rsa", "-b", "1024")
	dsa := releasetest.NewSSHKey(t, "dsa@ci", "-t", "dsa")
	private, err := os.ReadFile(ed.Private)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			svc, store, _, _ := newService(t, d)
			cases := []struct {
				name, section string
				pub           []byte
				code          apperr.Code // "" added
				want          string
			}{
				{"ed25519", "blog", ed.Public, "", ""},
				{"ECDSA", "blog", ecdsa.Public, "", ""},
				{"RSA, 3072 bits", "blog", rsa.Public, "", ""},
				{"the same key again", "blog", ed.Public, apperr.Conflict, "The key " + ed.Fingerprint + " is already one of blog's keys."},
				{"the same key for another section", "newsletter", ed.Public, "", ""},
				{"RSA, 1024 bits", "blog", shortRSA.Public, apperr.Invalid, "This RSA key has 1024 bits: at least 2048 are needed."},
				{"DSA", "blog", dsa.Public, apperr.Invalid, "A ssh-dss key cannot sign releases"},
				{"the private key", "blog", private, apperr.Invalid, "This is a private key: paste the public one (the .pub file), and keep the private key secret."},
				{"nothing", "blog", []byte(" \n"), apperr.Invalid, "Paste a public key"},
				{"not a key", "blog", []byte("ssh-ed25519 bm90IGEga2V5"), apperr.Invalid, "This is not an SSH public key"},
				{"two keys", "blog", append(append([]byte{}, ecdsa.Public...), rsa.Public...), apperr.Invalid, "Paste one public key, on one line."},
				{"with options", "blog", append([]byte(`command="/bin/sh" `), ed.Public...), apperr.Invalid, "without authorized_keys options"},
				{"an unknown section", "shop", ed.Public, apperr.NotFound, `There is no section "shop"`},
			}
			for _, c := range cases {
				k, err := svc.AddKey(ctx, c.section, c.pub, "admin:owner")
				switch {
				case c.code == "" && err != nil:
					t.Errorf("%s: refused: %v", c.name, err)
				case c.code != "" && (apperr.CodeOf(err) != c.code || !strings.Contains(err.Error(), c.want)):
					t.Errorf("%s: %v, want %s saying %q", c.name, err, c.code, c.want)
				case c.code == apperr.Invalid:
					if e, _ := apperr.From(err); e.Field != "publicKey" {
						t.Errorf("%s: field %q, want publicKey", c.name, e.Field)
					}
				case c.code == "" && k.Section != c.section:
					t.Errorf("%s: added %+v", c.name, k)
				}
			}
			keys, err := svc.Keys(ctx, "blog")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, k := range keys {
				got = append(got, k.Fingerprint+" "+k.Type+" "+k.Comment+" "+k.AddedBy)
			}
			want := []string{ed.Fingerprint + " ssh-ed25519 blog@ci admin:owner", ecdsa.Fingerprint + " ecdsa-sha2-nistp256 ecdsa@ci admin:owner", rsa.Fingerprint + " ssh-rsa rsa@ci admin:owner"}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("the blog's keys %q, want %q", got, want)
			}
			if err := svc.RemoveKey(ctx, "blog", ecdsa.Fingerprint, "cli:owner"); err != nil {
				t.Fatal(err)
			}
			if err := svc.RemoveKey(ctx, "blog", ecdsa.Fingerprint, "cli:owner"); apperr.CodeOf(err) != apperr.NotFound || !strings.Contains(err.Error(), "blog has no key "+ecdsa.Fingerprint) {
				t.Errorf("removing it again: %v", err)
			}
			if keys, _ := store.Keys(ctx, "blog"); len(keys) != 2 {
				t.Errorf("%d keys after one of three was removed", len(keys))
			}
			if keys, _ := store.Keys(ctx, "newsletter"); len(keys) != 1 || keys[0].Fingerprint != ed.Fingerprint {
				t.Errorf("the newsletter's keys %+v", keys)
			}
		})
	}
}

// TestTheAdminsOverviewReadsNoArtifact: the admin's list of the sections (GET
// /api/admin/sections) checks every release against the site as served now from what
// the store keeps in its rows, without reading a single artifact.
func TestTheAdminsOverviewReadsNoArtifact(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			svc, _, _, _ := newService(t, d)
			store := &releasetest.CountingStore{Store: svc.Store}
			svc.Store = store
			publish(t, svc, "blog", "1.0.0-a")
			publish(t, svc, "newsletter", "1.0.0-n")
			// The blog's 1.0.0-b has a page that the gateway comes to serve after it was
			// published: b no longer fits the site.
			b := releasetest.Build(t, "blog", "1.0.0-b", "b")
			extra := b.Description.Routes[0]
			extra.Path = "/blog/extra"
			releasetest.AddPage(t, &b, extra, "<main></main>")
			if _, err := svc.Publish(ctx, "", releasetest.Artifact(t, b), nil, "test"); err != nil {
				t.Fatal(err)
			}
			svc.Shipped.Paths = map[string]string{"/blog/extra": "the gateway"}
			for section, version := range map[string]string{"blog": "1.0.0-a", "newsletter": "1.0.0-n"} {
				if err := svc.Promote(ctx, section, version, "owner"); err != nil {
					t.Fatal(err)
				}
			}
			store.Artifacts.Store(0)

			overviews, err := svc.Overviews(ctx)
			if err != nil {
				t.Fatal(err)
			}
			checks := map[string]string{}
			for _, o := range overviews {
				for _, r := range o.Releases {
					checks[o.Name+" "+r.Version] = r.Check
				}
			}
			want := map[string]string{
				"blog 1.0.0-a": "", "newsletter 1.0.0-n": "",
				"blog 1.0.0-b": "release: route /blog/extra collides with the gateway's",
			}
			if !maps.Equal(checks, want) {
				t.Errorf("checks %q, want %q", checks, want)
			}
			if n := store.Artifacts.Load(); n != 0 {
				t.Errorf("the overview read %d artifacts, want none", n)
			}
		})
	}
}

// TestAReleaseFromAnOlderGatewayIsIndexedOnce: a release an older gateway published
// (its artifact, no files kept one by one) serves its files all the same: the first
// requests, however many at once, read its artifact once, and nothing reads it again,
// in this process or the next.
func TestAReleaseFromAnOlderGatewayIsIndexedOnce(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			db := migrated(t, d)
			svc, _, _, _ := newServiceOver(t, db)
			b := releasetest.Build(t, "blog", "1.0.0-a", "a")
			if _, err := svc.Publish(ctx, "", releasetest.Artifact(t, b), nil, "test"); err != nil {
				t.Fatal(err)
			}
			// As a gateway from before section_release_files left it.
			if _, err := db.ExecContext(ctx, "DELETE FROM section_release_files"); err != nil {
				t.Fatal(err)
			}
			store := &releasetest.CountingStore{Store: svc.Store}
			svc.Store = store
			var wg sync.WaitGroup
			for name, want := range b.Files {
				wg.Go(func() {
					got, err := svc.Files(ctx, "blog", "1.0.0-a", []string{name, "no/such/file.js"})
					if err != nil || len(got) != 1 || !bytes.Equal(got[name], want) {
						t.Errorf("%s: %d files, %v", name, len(got), err)
					}
				})
			}
			wg.Wait()
			if n := store.Artifacts.Load(); n != 1 {
				t.Errorf("%d requests at once read the artifact %d times, want once", len(b.Files), n)
			}

			next, _, _, _ := newServiceOver(t, db)
			again := &releasetest.CountingStore{Store: next.Store}
			next.Store = again
			if got, err := next.Files(ctx, "blog", "1.0.0-a", []string{"remoteEntry.js"}); err != nil || !bytes.Equal(got["remoteEntry.js"], b.Files["remoteEntry.js"]) {
				t.Errorf("the next process: %q, %v", got, err)
			}
			if _, err := next.Files(ctx, "blog", "9.9.9", []string{"remoteEntry.js"}); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("a version never published: %v, want not found", err)
			}
			if n := again.Artifacts.Load(); n != 0 {
				t.Errorf("the next process read the artifact %d times, want none", n)
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
	db := migrated(t, sqldbtest.Dialects()[0])
	svc, _, _, dir := newServiceOver(t, db)
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

// TestTheGateHoldsTheShellAndTheSectionsServedNow: a shell release is held against
// every section served now, stable and canary, and a section's release against the
// shell served now, on the way to a new React major (docs/decisions/0060): the sections
// widen their ranges first, then the shell moves, and a refusal names the module, the
// range and the version.
func TestTheGateHoldsTheShellAndTheSectionsServedNow(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			svc, store, _, _ := newService(t, d)
			svc.Shipped.Paths = map[string]string{"/healthz": "the gateway"}
			build := func(section, version, react string) []byte {
				b := releasetest.Build(t, section, version, version)
				if section == release.Shell {
					releasetest.ProvideReact(b.Files, react)
				} else {
					releasetest.NeedReact(b.Files, section, react)
				}
				return releasetest.Artifact(t, b)
			}
			publishAs := func(section, version, react string) error {
				_, err := svc.Publish(ctx, "", build(section, version, react), nil, "test")
				return err
			}
			refused := func(what string, err error, want string) {
				t.Helper()
				if apperr.CodeOf(err) != apperr.Conflict || !strings.Contains(err.Error(), want) {
					t.Fatalf("%s: %v, want a conflict naming %q", what, err, want)
				}
			}
			must := func(err error) {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
			}
			must(publishAs("blog", "1.0.0-a", "^19.3.1"))
			must(svc.Promote(ctx, "blog", "1.0.0-a", "owner"))
			refused("a shell with React 20 while the blog needs 19", publishAs(release.Shell, "2.0.0-a", "20.0.0"),
				"shared module react: the shell release provides 20.0.0, blog 1.0.0-a needs ^19.3.1")

			// Step 1: the blog takes both majors; the shell with React 20 is published.
			must(publishAs("blog", "1.1.0-b", ">=19 <21"))
			must(svc.Promote(ctx, "blog", "1.1.0-b", "owner"))
			must(publishAs(release.Shell, "2.0.0-b", "20.0.0"))
			// A blog canary built for 19 alone holds the shell back while it runs.
			must(publishAs("blog", "1.2.0-c", "^19.3.1"))
			must(svc.Canary(ctx, "blog", "1.2.0-c", release.CanaryPlan{Percent: 10}, "owner"))
			refused("a shell with React 20 while the blog's canary needs 19", svc.Promote(ctx, release.Shell, "2.0.0-b", "owner"),
				"the shell release provides 20.0.0, blog 1.2.0-c (canary) needs ^19.3.1")
			if _, err := svc.Rollback(ctx, "blog", "owner"); err != nil {
				t.Fatal(err)
			}
			// Step 2: the shell moves; a section built for 19 alone is refused now.
			must(svc.Promote(ctx, release.Shell, "2.0.0-b", "owner"))
			refused("a blog needing 19 on a shell with 20", publishAs("blog", "1.3.0-d", "^19.3.1"),
				"shared module react: the release needs ^19.3.1, shell 2.0.0-b provides 20.0.0")
			// Step 3: narrowed to 20, it fits.
			must(publishAs("blog", "1.3.0-e", "^20.0.0"))
			if got := serving(t, store, release.Shell); got != "2.0.0-b" {
				t.Fatalf("the shell serves %q, want 2.0.0-b", got)
			}
		})
	}
}

// A backup takes the artifacts kept as files along (CopyArtifacts), and a restore is
// refused while a section's current release has its artifact in none of the places
// it may be (MissingArtifacts); a database from before releases misses none.
func TestCopyAndMissingArtifacts(t *testing.T) {
	ctx := context.Background()
	d := sqldbtest.Dialects()[0] // SQLite: the artifacts are files
	svc, store, _, dir := newService(t, d)
	publish(t, svc, "blog", "1.0.0-a")
	publish(t, svc, "newsletter", "1.0.0-b")
	for _, s := range []struct{ section, version string }{{"blog", "1.0.0-a"}, {"newsletter", "1.0.0-b"}} {
		if err := svc.Promote(ctx, s.section, s.version, "test"); err != nil {
			t.Fatal(err)
		}
	}
	backup := filepath.Join(t.TempDir(), "releases")
	for _, want := range []int{2, 0} { // the second copy finds them there
		if n, err := sqlstore.CopyArtifacts(ctx, dir, backup); err != nil || n != want {
			t.Fatalf("CopyArtifacts = %d, %v; want %d", n, err, want)
		}
	}
	if n, err := sqlstore.CopyArtifacts(ctx, filepath.Join(t.TempDir(), "none"), backup); err != nil || n != 0 {
		t.Errorf("CopyArtifacts from nothing = %d, %v", n, err)
	}
	if err := os.Remove(filepath.Join(dir, "newsletter", "1.0.0-b.tar.gz")); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		dirs []string
		want []string
	}{
		{[]string{dir, backup}, nil},
		{[]string{backup}, nil},
		{[]string{dir}, []string{"newsletter 1.0.0-b"}},
		{nil, []string{"blog 1.0.0-a", "newsletter 1.0.0-b"}},
	} {
		got, err := store.MissingArtifacts(ctx, tt.dirs...)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("MissingArtifacts(%v) = %v, %v; want %v", tt.dirs, got, err, tt.want)
		}
	}
	if got, err := sqlstore.New(d.Open(t), "").MissingArtifacts(ctx); err != nil || got != nil {
		t.Errorf("before releases: MissingArtifacts = %v, %v; want none", got, err)
	}
}
