package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/canary"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/discovery"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	relstore "github.com/portfolio-site/portfolio/services/gateway/internal/release/sqlstore"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
	"github.com/portfolio-site/portfolio/services/gateway/internal/site"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

const sectionsCommand = "sections"

// releasesDir is where the artifacts are kept on SQLite.
func releasesDir(cfg config.Config) string { return filepath.Join(cfg.DataDir, "releases") }

// newSections is the release service over db: the gate knows the sections, the shell
// among them, as web was shipped with them.
func newSections(cfg config.Config, logger *zap.Logger, db *sqldb.DB, web *site.Site) (*release.Service, error) {
	provided, err := web.ProvidedModules()
	if err != nil {
		return nil, err
	}
	needs, err := web.SharedModules()
	if err != nil {
		return nil, err
	}
	shipped := release.Shipped{Provided: provided, Shared: needs, Paths: map[string]string{}, Sections: map[string]release.Description{}}
	for _, p := range []string{discovery.RSSPath, discovery.SitemapPath, discovery.RobotsPath, "/healthz", "/readyz", newsletter.ConfirmPath, newsletter.UnsubscribePath, site.PreviewPath, site.PreviewLeavePath} {
		shipped.Paths[p] = "the gateway"
	}
	for _, name := range release.Sections {
		d, err := release.Describe(content.FS(), name)
		if err != nil {
			return nil, err
		}
		shipped.Sections[name] = d
	}
	store := relstore.New(db, releasesDir(cfg))
	if cfg.ReplicaURL != "" {
		// The artifacts in the database, so that the replica carries them too
		// (docs/decisions/0053).
		store = relstore.NewReplicated(db, releasesDir(cfg))
	}
	return &release.Service{
		Store:   store,
		Shipped: shipped,
		Limits:  release.DefaultLimits,
		Now:     time.Now,
		Tokens:  release.Tokens{Store: store, Now: time.Now},
		Logger:  logger,
	}, nil
}

// runSections is `gateway sections …`: pack an artifact, or publish, promote, roll
// back and list the releases of the site whose settings (PORTFOLIO_DATA_DIR,
// PORTFOLIO_DATABASE_URL, …) are in the environment, as the server itself reads them;
// or, with --server, of a site reached over HTTP with a deploy token (CI). `token`
// makes, lists and revokes deploy tokens.
func runSections(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	err := runSectionsVerb(ctx, args, getenv, stdout, stderr)
	// What went wrong, as it would be said to a client of the API: the message, once.
	if e, ok := apperr.From(err); ok {
		return errors.New(e.Message)
	}
	return err
}

func runSectionsVerb(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	const usage = "usage: gateway sections pack <section> [flags] | publish [--server URL --token T] [--signature F] <artifact> | " +
		"promote [--server URL --token T] <section> <version> [--percent N | --stages 10,50,100 --every 30m] | rollback [--server URL --token T] <section> | " +
		"preview <section> <version> [--ttl 24h] | list | " +
		"token create <section> [--ttl 720h] | token list | token revoke <id> | " +
		"key add <section> <key.pub> | key list [<section>] | key remove <section> <fingerprint>"
	if len(args) == 0 {
		return errors.New(usage)
	}
	cfg, err := config.Load(getenv(config.ConfigFileEnv), getenv)
	if err != nil {
		return err
	}
	verb := args[0]
	if verb == "pack" {
		return packSection(args[1:], cfg, stdout, stderr)
	}
	flags := flag.NewFlagSet("sections "+verb, flag.ContinueOnError)
	flags.SetOutput(stderr)
	serverURL := flags.String("server", "", "the site's URL: act through its deploy API instead of its database")
	token := flags.String("token", getenv("PORTFOLIO_DEPLOY_TOKEN"), "deploy token for --server (env PORTFOLIO_DEPLOY_TOKEN)")
	ttl := flags.Duration("ttl", 0, "lifetime of a new deploy token (default 720h) or preview link (default 24h)")
	percent := flags.Int("percent", 0, "promote: serve the version to this percent (1-99) of new visitors, a canary")
	stages := flags.String("stages", "", "promote: a canary's shares on a timer, such as 10,50,100 (100 promotes it)")
	every := flags.Duration("every", 0, "promote --stages: how long each stage lasts, such as 30m")
	signature := flags.String("signature", "", "publish: the release's signature (ssh-keygen -Y sign -n "+release.SignatureNamespace+"; default: <artifact>.sig if there is one)")
	rest := args[1:]
	if (verb == "token" || verb == "key") && len(rest) > 0 {
		verb, rest = verb+" "+rest[0], rest[1:]
	}
	if err := flags.Parse(interspersed(flags, rest)); err != nil {
		return err
	}
	rest = flags.Args()
	var plan *release.CanaryPlan
	if *percent != 0 || *stages != "" {
		p, err := release.ParsePlan(*percent, *stages, *every)
		if err != nil {
			return err
		}
		plan = &p
	}
	if *serverURL != "" {
		return remoteSections(ctx, &deployClient{base: strings.TrimSuffix(*serverURL, "/"), token: *token, http: http.DefaultClient}, verb, rest, *signature, promotion{plan, *stages, *every}, stdout)
	}
	actor := "cli:" + orDefault(getenv("USER"), "unknown")
	logger := zap.NewNop()
	if err := prepareDataDir(cfg); err != nil {
		return err
	}
	db, err := openDatabase(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer db.Close() //nolint:errcheck // the writes committed before
	meta, err := content.LoadSite(content.FS())
	if err != nil {
		return err
	}
	web, err := site.Load(logger, cfg, meta)
	if err != nil {
		return err
	}
	svc, err := newSections(cfg, logger, db, web)
	if err != nil {
		return err
	}
	switch {
	case verb == "publish" && len(rest) == 1:
		raw, err := os.ReadFile(rest[0])
		if err != nil {
			return err
		}
		sig, err := signatureOf(rest[0], *signature)
		if err != nil {
			return err
		}
		rel, err := svc.Publish(ctx, "", raw, sig, actor)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "published %s %s (%s)%s\n", rel.Manifest.Section, rel.Manifest.Version, rel.Digest, signedNote(sig))
		fmt.Fprintln(stdout, rel.Manifest.Version)
		return nil
	case verb == "promote" && len(rest) == 2 && plan != nil:
		if err := svc.Canary(ctx, rest[0], rest[1], *plan, actor); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s serves %s to %d%% of new visitors%s\n", rest[0], rest[1], plan.Percent, stagesNote(*plan))
		return nil
	case verb == "promote" && len(rest) == 2:
		if err := svc.Promote(ctx, rest[0], rest[1], actor); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s now serves %s\n", rest[0], rest[1])
		return nil
	case verb == "preview" && len(rest) == 2:
		tok, p, err := svc.PreviewToken(ctx, rest[0], rest[1], *ttl)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "a preview of %s %s, valid until %s: whoever opens it sees that version, with a banner\n", p.Section, p.Version, p.Expires.Format(time.RFC3339))
		fmt.Fprintln(stdout, server.PreviewLink(cfg, p.Section, tok))
		return nil
	case verb == "rollback" && len(rest) == 1:
		to, err := svc.Rollback(ctx, rest[0], actor)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s now serves %s\n", rest[0], site.ShownVersion(to))
		return nil
	case verb == "list" && len(rest) == 0:
		return listSections(ctx, svc, stdout)
	case verb == "token create" && len(rest) == 1:
		if *ttl == 0 {
			*ttl = 30 * 24 * time.Hour
		}
		tok, t, err := svc.Tokens.Create(ctx, rest[0], *ttl)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "deploy token %s for %s, valid until %s; it is shown only now\n", t.ID, t.Section, t.ExpiresAt.Format(time.RFC3339))
		fmt.Fprintln(stdout, tok)
		return nil
	case verb == "token list" && len(rest) == 0:
		return listTokens(ctx, svc.Tokens.Store, stdout)
	case verb == "token revoke" && len(rest) == 1:
		if err := svc.Tokens.Store.RevokeToken(ctx, rest[0], time.Now()); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "deploy token %s revoked\n", rest[0])
		return nil
	case verb == "key add" && len(rest) == 2:
		pub, err := os.ReadFile(rest[1])
		if err != nil {
			return err
		}
		k, err := svc.AddKey(ctx, rest[0], pub, actor)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: key %s added (%s %s); its releases must now be signed by one of its keys\n", k.Section, k.Fingerprint, k.Type, k.Comment)
		return nil
	case verb == "key list" && len(rest) <= 1:
		return listKeys(ctx, svc, rest, stdout)
	case verb == "key remove" && len(rest) == 2:
		if err := svc.RemoveKey(ctx, rest[0], rest[1], actor); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: key %s removed\n", rest[0], rest[1])
		return nil
	}
	return errors.New(usage)
}

// signatureOf reads the signature of the artifact at path, an .sig file as ssh-keygen
// -Y sign writes it: the file named (--signature), else <artifact>.sig when there is
// one (make release SIGNING_KEY=… writes it there). nil: unsigned.
func signatureOf(artifact, named string) ([]byte, error) {
	file := named
	if file == "" {
		file = artifact + ".sig"
		if _, err := os.Stat(file); errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
	}
	armored, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	sig, err := release.Unarmor(armored)
	if err != nil {
		// Not the apperr's message alone (runSections): it would not name the file.
		return nil, fmt.Errorf("%s is not an SSH signature file (ssh-keygen -Y sign writes one)", file)
	}
	return sig, nil
}

// signedNote says which key signed sig, for the publish's message.
func signedNote(sig []byte) string {
	if len(sig) == 0 {
		return ", unsigned"
	}
	return ", signed by " + release.SignedBy(sig)
}

// listKeys prints the keys of the section named in args, or of every section.
func listKeys(ctx context.Context, svc *release.Service, args []string, w io.Writer) error {
	sections := release.Sections
	if len(args) == 1 {
		sections = args
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "section\tfingerprint\ttype\tcomment\tadded\tby")
	for _, name := range sections {
		keys, err := svc.Keys(ctx, name)
		if err != nil {
			return err
		}
		for _, k := range keys {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", k.Section, k.Fingerprint, k.Type, k.Comment, k.AddedAt.Format(time.RFC3339), k.AddedBy)
		}
	}
	return tw.Flush()
}

// interspersed moves flags after positional arguments to the front, so both
// `publish --server U a.tgz` and `publish a.tgz --server U` parse.
func interspersed(flags *flag.FlagSet, args []string) []string {
	var named, positional []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			positional = append(positional, a)
			continue
		}
		named = append(named, a)
		name := strings.TrimLeft(a, "-")
		if f := flags.Lookup(name); f != nil && !strings.Contains(name, "=") && i+1 < len(args) {
			i++
			named = append(named, args[i])
		}
	}
	return append(named, positional...)
}

func listTokens(ctx context.Context, store release.TokenStore, w io.Writer) error {
	tokens, err := store.Tokens(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "id\tsection\tcreated\texpires\tstate\tlast used")
	for _, t := range tokens {
		state := "valid"
		switch {
		case !t.RevokedAt.IsZero():
			state = "revoked " + t.RevokedAt.Format(time.RFC3339)
		case !time.Now().Before(t.ExpiresAt):
			state = "expired"
		}
		used := "never"
		if !t.LastUsedAt.IsZero() {
			used = t.LastUsedAt.Format(time.RFC3339)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", t.ID, t.Section, t.CreatedAt.Format(time.RFC3339), t.ExpiresAt.Format(time.RFC3339), state, used)
	}
	return tw.Flush()
}

func orDefault(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

// listSections prints each section's current version, its releases and its history.
func listSections(ctx context.Context, svc *release.Service, w io.Writer) error {
	current, err := svc.Store.Current(ctx)
	if err != nil {
		return err
	}
	canaries, err := svc.Canaries(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, name := range release.Sections {
		fmt.Fprintf(tw, "%s\tserving %s\n", name, site.ShownVersion(current[name]))
		if c, ok := canaries[name]; ok {
			fmt.Fprintf(tw, "%s\tcanary %s to %d%% of new visitors%s\n", name, c.Version, c.Percent, stagesNote(release.CanaryPlan{Stages: c.Stages, Every: c.Every}))
		}
		list, err := svc.Store.List(ctx, name)
		if err != nil {
			return err
		}
		for _, r := range list {
			mark := " "
			if r.Version == current[name] {
				mark = "*"
			}
			fmt.Fprintf(tw, "  %s %s\t%s\t%s\t%s\t%s\n", mark, r.Version, r.PublishedAt.Format(time.RFC3339), r.PublishedBy, r.Digest, orDefault(r.SignedBy, "unsigned"))
		}
		events, err := svc.Store.History(ctx, name, 10)
		if err != nil {
			return err
		}
		for _, e := range events {
			what := site.ShownVersion(e.Version)
			if e.Key != "" {
				what = e.Key
			}
			if e.Note != "" {
				what += " (" + e.Note + ")"
			}
			fmt.Fprintf(tw, "    %s\t%s %s\t%s\n", e.At.Format(time.RFC3339), e.Action, what, e.Actor)
		}
	}
	return tw.Flush()
}

// packSection writes a section's artifact from its build and the content directory,
// and prints its path as the last line.
func packSection(args []string, cfg config.Config, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("sections pack", flag.ContinueOnError)
	flags.SetOutput(stderr)
	dist := flags.String("dist", "", "the section's build (default: the server's, PORTFOLIO_WEB_DIR/<section>/dist)")
	contentDir := flags.String("content", "content", "the content directory")
	out := flags.String("out", "build/releases", "where the artifact is written")
	commit := flags.String("commit", "unknown", "the commit it is built from")
	pkg := flags.String("package-json", "", "the app's package.json, for its version (default: the build's ../package.json)")
	dirty := flags.Bool("dirty", false, "the work tree has uncommitted changes: the version gets a digest of the contents, so two such builds never share one")
	if len(args) == 0 {
		return errors.New("usage: gateway sections pack <section> [flags]")
	}
	section := args[0]
	if err := flags.Parse(args[1:]); err != nil {
		return err
	}
	if *dist == "" {
		*dist = cfg.RemoteDist(section)
		if section == release.Shell {
			*dist = cfg.ShellDist()
		}
	}
	if *pkg == "" {
		*pkg = filepath.Join(filepath.Dir(*dist), "package.json")
	}
	pkgVersion, err := packageVersion(*pkg)
	if err != nil {
		return err
	}
	desc, err := release.Describe(os.DirFS(*contentDir), section)
	if err != nil {
		return err
	}
	files, err := release.ReadBuild(os.DirFS(*dist))
	if err != nil {
		return err
	}
	b := release.Build{Section: section, PackageVersion: pkgVersion, Commit: *commit, Created: time.Now(), Description: desc, Files: files}
	b.Version = pkgVersion + "-" + (*commit)[:min(12, len(*commit))]
	if *dirty {
		b.Version += ".dirty." + contentsDigest(b)[:10]
	}
	var buf bytes.Buffer
	rel, err := release.Pack(&buf, b)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(*out, 0o750); err != nil {
		return err
	}
	path := filepath.Join(*out, section+"-"+rel.Manifest.Version+".tar.gz")
	if err := os.WriteFile(path, buf.Bytes(), 0o600); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "packed %s %s: %d files, %d bytes, %s\n", section, rel.Manifest.Version, len(files), buf.Len(), rel.Digest)
	fmt.Fprintln(stdout, path)
	return nil
}

func packageVersion(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	var pkg struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(data, &pkg); err != nil || pkg.Version == "" {
		return "", fmt.Errorf("%s: no version", path)
	}
	return pkg.Version, nil
}

// contentsDigest is a digest of what a build packs (its files and description).
func contentsDigest(b release.Build) string {
	h := sha256.New()
	names := make([]string, 0, len(b.Files))
	for n := range b.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		s := sha256.Sum256(b.Files[n])
		fmt.Fprintf(h, "%s %x\n", n, s)
	}
	desc, _ := json.Marshal(b.Description) // plain data: cannot fail
	h.Write(desc)
	return strings.ToLower(hex.EncodeToString(h.Sum(nil)))
}

// stagesNote says what comes after a canary's first share.
func stagesNote(p release.CanaryPlan) string {
	if len(p.Stages) == 0 {
		return ""
	}
	return fmt.Sprintf(", then %s%%, one stage every %s", release.FormatStages(p.Stages), p.Every)
}

// newCanaryGuard watches the running canaries every cfg.CanaryCheckInterval: it moves
// those on a timer to their next stage, and rolls back one that the visitors' browsers
// (signals, nil with the analytics off) or its 5xx show clearly worse than its stable
// version.
func newCanaryGuard(cfg config.Config, logger *zap.Logger, reg prometheus.Registerer, svc *release.Service, signals server.Analytics) *canary.Guard {
	checks := prometheus.NewCounter(prometheus.CounterOpts{
		Name: "portfolio_canary_checks_total",
		Help: "Checks of the running canaries this replica has made (the guard's ticks).",
	})
	reg.MustRegister(checks)
	g := &canary.Guard{
		Logger:   logger,
		Releases: svc,
		Rule: canary.Rule{
			ErrorRatio:   cfg.CanaryErrorRatio,
			MinErrorRate: cfg.CanaryMinErrorRate,
			MinViews:     int64(cfg.CanaryMinViews),
			MinRequests:  int64(cfg.CanaryMinViews),
			INPWorse:     cfg.CanaryINPWorse,
			MinINP:       int64(cfg.CanaryMinViews),
		},
		Every:   cfg.CanaryCheckInterval,
		Now:     time.Now,
		Shipped: site.ShippedVersion,
		Checks:  checks,
	}
	if signals != nil {
		g.Signals = signals
	}
	return g
}
