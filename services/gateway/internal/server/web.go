package server

import (
	"errors"
	"fmt"
	"io/fs"
	"sync/atomic"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/compose"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/pages"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
)

// Web is the built front end, loaded into memory once at start-up.
type Web struct {
	Shell   *static.Dir             // nil when the shell is not built
	Pages   *pages.Set              // nil when the shell is not built
	Remotes map[string]*static.Live // built remotes only, by name; reloaded when rebuilt
	// Composer puts the prerendered HTML of the shell and of a route's section into
	// its page; nil when the shell is not built.
	Composer *compose.Composer
	// Projects is a page per project (/projects/{id}) with its own head, by id; nil
	// when the shell is not built.
	Projects map[int]*static.File
	// Images are content/images, served under /images/, by path below it.
	Images map[string]*static.File
	// Notices are the pages the gateway renders itself (the newsletter's links and
	// its form without JavaScript); plain HTML when the shell is not built.
	Notices *pages.Notices
	// Contact is the contact page's copy, for the answers to its form posted without
	// JavaScript.
	Contact content.Contact

	draining atomic.Bool // set by Drain when the process is stopping
}

// Ready reports whether the site can be served: the shell's index.html was loaded.
func (w *Web) Ready() bool { return w.Pages != nil }

// Drain makes /readyz fail from now on while everything else is still served, so a
// load balancer stops sending new visitors before the server stops accepting them.
func (w *Web) Drain() { w.draining.Store(true) }

// Draining reports whether Drain was called.
func (w *Web) Draining() bool { return w.draining.Load() }

// LoadWeb reads the shell's and every remote's build from cfg.WebDir, and prepares its
// index.html for every route and every published post's article. A build that
// does not exist yet is not an error: it is logged, /readyz reports it, and the pages
// answer 503 until the gateway restarts with the build in place.
func LoadWeb(logger *zap.Logger, cfg config.Config, site content.Site, routes []content.Route, posts []content.Post) (*Web, error) {
	web := &Web{Remotes: make(map[string]*static.Live)}
	var indexHTML []byte // the shell's, if built

	shell, err := static.Load(cfg.ShellDist())
	switch {
	case errors.Is(err, fs.ErrNotExist):
		logger.Warn("shell not built: pages answer 503 until it is; run make build", zap.String("dir", cfg.ShellDist()))
	case err != nil:
		return nil, fmt.Errorf("shell: %w", err)
	default:
		web.Shell = shell
	}
	if web.Shell != nil {
		index, ok := web.Shell.Lookup("index.html")
		if !ok {
			logger.Warn("shell build has no index.html: pages answer 503 until it does; run make build", zap.String("dir", cfg.ShellDist()))
		} else {
			indexHTML = index.Body
			// /newsletter works without JavaScript: its page carries the subscribe form
			// in a <noscript>.
			set, err := pages.New(index.Body, site, routes, posts, cfg.PublicURL)
			if err != nil {
				return nil, fmt.Errorf("shell: %w", err)
			}
			for _, w := range set.Warnings() {
				logger.Warn("shell index.html: " + w)
			}
			web.Pages = set
			catalog, err := content.LoadProjects(content.FS())
			if err != nil {
				return nil, err
			}
			if web.Projects, err = projectPages(index.Body, site, routes, catalog, cfg.PublicURL); err != nil {
				return nil, fmt.Errorf("shell: %w", err)
			}
		}
		logger.Info("shell loaded", zap.String("dir", cfg.ShellDist()), zap.Int("files", web.Shell.Len()), zap.Int("inline_scripts", len(web.scriptHashes())))
	}

	for _, name := range config.RemoteNames {
		// Watched through its manifest, which every build of the remote writes.
		dir, err := static.LoadLive(cfg.RemoteDist(name), "mf-manifest.json")
		switch {
		case errors.Is(err, fs.ErrNotExist):
			logger.Warn("remote not built: its files answer 404", zap.String("remote", name), zap.String("dir", cfg.RemoteDist(name)))
		case err != nil:
			return nil, fmt.Errorf("remote %s: %w", name, err)
		default:
			web.Remotes[name] = dir
			logger.Info("remote loaded", zap.String("remote", name), zap.String("dir", cfg.RemoteDist(name)), zap.Int("files", dir.Len()))
		}
	}
	if web.Shell != nil {
		sections := make(map[string]compose.Build, len(web.Remotes))
		for name, dir := range web.Remotes {
			sections[name] = dir
		}
		web.Composer = compose.New(web.Shell, sections)
	}
	if web.Images, err = loadImages(content.FS()); err != nil {
		return nil, fmt.Errorf("content images: %w", err)
	}
	if web.Notices, err = pages.NewNotices(indexHTML, site); err != nil {
		return nil, fmt.Errorf("shell: %w", err)
	}
	if web.Contact, err = content.LoadContact(content.FS()); err != nil {
		return nil, err
	}
	return web, nil
}

func (w *Web) scriptHashes() []string {
	if w.Pages == nil {
		return nil
	}
	return w.Pages.ScriptHashes()
}
