package server

import (
	"net/http"
	"slices"
	"strings"

	"github.com/gorilla/mux"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/discovery"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/gateway/internal/search"
	"github.com/portfolio-site/portfolio/services/gateway/internal/site"
	"github.com/portfolio-site/portfolio/services/gateway/internal/static"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

// reserved top-level paths a file of the shell's build may not shadow.
var reserved = []string{"api", "mf", "healthz", "readyz", "metrics", "index.html", "rss.xml", "atom.xml", "feed.json", "sitemap.xml", "robots.txt", "prerender", "speculation-rules.json"}

// addRoutes is the gateway's whole HTTP surface, a route table per origin
// (docs/decisions/0047): site is the public origin, where every section's code runs;
// adm the admin's own origin, with the admin's pages, its API, and the shell's and the
// admin section's files, nothing of another section's. The wrappers the routes share
// are made once by newGuards. The first matching route wins.
func addRoutes(site, adm *mux.Router, d Deps, g guards, m *metrics) {
	addPublicRoutes(site, d, g, m)
	addAdminRoutes(adm, d, g, m)
}

// addPublicRoutes is the public origin's route table.
func addPublicRoutes(r *mux.Router, d Deps, g guards, m *metrics) {
	logger, cfg, web := d.Logger, d.Config, d.Served
	get := []string{http.MethodGet, http.MethodHead}
	json, noBody := g.json, g.noBody
	r.Use(m.byRoute)
	// A public page: its views counted, and the browser told what to prerender next
	// (docs/decisions/0062-speculation-rules.md).
	page := func(h http.Handler) http.Handler { return speculating(cfg.SpeculationRules)(g.page(h)) }
	r.Handle(speculationPath, handleSpeculationRules()).Methods(get...)

	// Probes. /metrics is not here: run() serves it on its own listener
	// (PORTFOLIO_METRICS_ADDR, MetricsHandler), away from visitors.
	r.Handle("/healthz", handleHealthz()).Methods(get...)
	r.Handle("/readyz", handleReadyz(logger, web, d.Database)).Methods(get...)

	// The admin lives on its own origin: its pages' old addresses (bookmarks, the
	// links of older setup logs) lead there; its API is not served here at all
	// (handleNotFound: JSON 404).
	r.MatcherFunc(adminPage).Handler(redirectToOrigin(cfg.AdminURL)).Methods(get...)

	// JSON API. Unknown /api/ paths answer JSON 404 from handleNotFound.
	r.Handle("/api/newsletter/stats", handleNewsletterStats(d.Site)).Methods(get...)

	// Forms posted from the site: same origin only, JSON of at most 65 KiB (sized from
	// the contact form's rules), each endpoint rate-limited per client on its own
	// (formEndpoint).
	r.Handle("/api/contact", g.clientIP(formEndpoint(logger, g.cop, g.contactLimit, handleContactCreate(logger, d.Contact)))).Methods(http.MethodPost)

	// The newsletter (docs/api.md). Subscribing by JSON, or by the form posted to / by
	// a browser without JavaScript, shares one rate limit; the links in its emails
	// open pages rendered here. Unsubscribing by POST is also the RFC 8058 one-click
	// target of mail clients: no cross-origin check, the token is the authority.
	r.Handle("/api/newsletter/subscriptions", g.clientIP(formEndpoint(logger, g.cop, g.subscribeLimit, handleSubscribe(logger, d.Newsletter, g.signups)))).Methods(http.MethodPost)
	// The forms posted to / by a browser without JavaScript, by form-name: each one
	// shares its JSON endpoint's rate limit and answers with pages.
	r.Handle("/", g.clientIP(pageForms(logger, cfg.PublicURL, pageFailure(logger, notices(web), siteNotice), map[string]pageForm{
		"newsletter": {g.subscribeLimit, noticeFailure(logger, notices(web)), handleSubscribeForm(logger, d.Newsletter, notices(web), g.signups)},
		"contact":    {g.contactLimit, pageFailure(logger, notices(web), contactNotice(web.ContactPage())), handleContactForm(logger, d.Contact, notices(web), web.ContactPage())},
	}))).Methods(http.MethodPost)
	// Page views (docs/decisions/0039): the pages below are counted as they are served
	// (g.page); a client-side navigation reports the page it shows here.
	r.Handle("/api/pageviews", g.beacon(handlePageView(logger, web, g.views))).Methods(http.MethodPost)
	// Each page view's Core Web Vitals and JavaScript errors, with its sections' versions
	// (docs/decisions/0059): counted as the views are.
	r.Handle(VitalsPath, g.vitals(handleVitals(logger, web, g.views))).Methods(http.MethodPost)
	r.Handle(newsletter.ConfirmPath, handleConfirm(logger, d.Newsletter, notices(web))).Methods(get...)
	r.Handle(newsletter.UnsubscribePath, handleUnsubscribePage(logger, d.Newsletter, notices(web))).Methods(get...)
	r.Handle(newsletter.UnsubscribePath, handleUnsubscribe(logger, d.Newsletter, notices(web))).Methods(http.MethodPost)

	// The relays' reports of what happened to the emails (docs/api.md, 'Mail events'):
	// public, signed by the relay, no cookie and no same-origin check, like the
	// one-click unsubscribe; each one rate-limited per client and at most 1 MiB.
	if d.MailEvents != nil {
		events := notConfigured(logger, "The mail events webhook is off: set "+config.EnvName("mail_events_secret")+".")
		if secret := cfg.MailEventsSecret.Reveal(); secret != "" {
			events = mailEventsEndpoint(logger, g.eventsLimit, verifyHMAC(secret), handleMailEvents(logger, d.MailEvents))
		}
		r.Handle(mailEventsPath, g.clientIP(events)).Methods(http.MethodPost)
		sendGrid := notConfigured(logger, "The SendGrid events webhook is off: set "+config.EnvName("sendgrid_webhook_key")+".")
		if key, err := ParseSendGridKey(cfg.SendGridWebhookKey); err == nil { // config checked it when set
			sendGrid = mailEventsEndpoint(logger, g.eventsLimit, verifySendGrid(key), handleSendGridEvents(logger, d.MailEvents))
		}
		r.Handle(mailEventsSendGridPath, g.clientIP(sendGrid)).Methods(http.MethodPost)
	}

	// Section releases (docs/api.md): CI's publish, promote and rollback with a deploy
	// token scoped to the path's section (the admin's own are on its origin).
	if d.Sections != nil {
		section := sectionVar()
		r.Handle("/api/sections/"+section+"/releases", g.deploy(g.artifact(handleReleasePublish(logger, d.Sections)))).Methods(http.MethodPost)
		r.Handle("/api/sections/"+section+"/promote", g.deploy(json(handleReleasePromote(logger, d.Sections)))).Methods(http.MethodPost)
		r.Handle("/api/sections/"+section+"/rollback", g.deploy(noBody(handleReleaseRollback(logger, d.Sections)))).Methods(http.MethodPost)
	}

	// Preview links (docs/decisions/0059): the link's cookie, and leaving the preview.
	if d.Sections != nil {
		r.Handle(site.PreviewPath, handlePreviewOpen(logger, d.Sections, cfg.PublicURLIsHTTPS())).Methods(get...)
		r.Handle(site.PreviewLeavePath, handlePreviewLeave(cfg.PublicURLIsHTTPS())).Methods(get...)
	}

	// Module Federation: where the remotes are, and their built files, per release
	// (/mf/<name>/<version>/…) and as served now (/mf/<name>/…).
	r.Handle("/mf/remotes.json", handleState(web, func(st *site.State) *static.File { return st.Remotes })).Methods(get...)
	for _, name := range config.RemoteNames {
		if name != string(content.SectionAdmin) || cfg.Dev {
			r.PathPrefix("/mf/" + name + "/").Handler(handleSectionAssets(web, name)).Methods(get...)
		}
	}

	// Content images (content/images), shipped with the site.
	r.PathPrefix("/images/").Handler(handleImages(web.Images())).Methods(get...)

	// A project's page exists only for an existing project id (with the project's own
	// head); any other id is the 404 page. Registered before the loop below, so it wins
	// over the route table's generic /projects/{id}.
	r.Handle(projectRoute, page(handleProjectPage(logger, web))).Methods(get...)
	r.Handle(projectRoute+"/", redirectTrailingSlash()).Methods(get...)

	// Other names of the shell's pages: a permanent redirect to the page.
	for _, alias := range pageAliases {
		if slices.ContainsFunc(d.Routes, func(r content.Route) bool { return r.Path == alias.to }) {
			r.Handle(alias.from, movedTo(alias.to)).Methods(get...)
			r.Handle(alias.from+"/", movedTo(alias.to)).Methods(get...)
		}
	}

	// For crawlers and feed readers, made from the shell's content and each section's
	// release of the moment. The blog's feeds (RSS, Atom, JSON Feed, one Atom feed per
	// tag) and the editions' Atom feed, each with the same caching as the pages.
	r.Handle("/"+search.FileName, handleState(web, func(st *site.State) *static.File { return st.SearchJSON })).Methods(get...)
	r.Handle(discovery.RSSPath, handleState(web, func(st *site.State) *static.File { return st.Discovery.RSS })).Methods(get...)
	r.Handle(discovery.AtomPath, handleState(web, func(st *site.State) *static.File { return st.Discovery.Atom })).Methods(get...)
	r.Handle(discovery.JSONFeedPath, handleState(web, func(st *site.State) *static.File { return st.Discovery.JSONFeed })).Methods(get...)
	r.Handle(discovery.EditionsFeedPath, handleState(web, func(st *site.State) *static.File { return st.Discovery.Editions })).Methods(get...)
	r.Handle(discovery.TagFeedRoute, handleTagFeed(web)).Methods(get...)
	r.Handle(discovery.SitemapPath, handleState(web, func(st *site.State) *static.File { return st.Discovery.Sitemap })).Methods(get...)
	r.Handle(discovery.RobotsPath, handleState(web, func(st *site.State) *static.File { return st.Discovery.Robots })).Methods(get...)

	// Until a shell with a page is served, every page is the 'not built' answer (a GET
	// of / too, which the forms' POST route would otherwise answer with 405).
	r.MatcherFunc(siteNotBuilt(web)).Handler(handleSiteNotBuilt(logger)).Methods(get...)

	// The shell's pages (its routes of content/routes.json, each its index.html with its
	// own head; /skills/ redirects to /skills) and the sections' (the blog's, with an
	// article per published post; the newsletter's; the admin's), as the release each
	// section serves now has them (docs/decisions/0060).
	r.MatcherFunc(shellPage(web)).Handler(page(handleShellPage(logger, web, cfg.PublicURL))).Methods(get...).Name(shellPageRoute)
	r.MatcherFunc(sectionPage(web, site.PublicSection)).Handler(page(handleSectionPage(logger, web, cfg.PublicURL))).Methods(get...).Name(sectionPageRoute)

	// The shell's own built files (/static/..., /favicon.ico, ...), whatever its build
	// served now put at the top of its dist directory.
	r.MatcherFunc(shellFile(web)).Handler(handleShellFile(web)).Methods(get...).Name(shellFileRoute)

	// Anything else: JSON 404 under /api/, a plain 404 for a missing file, and the
	// shell's index.html with status 404 for any other page (it renders the 404 screen).
	r.NotFoundHandler = m.as("unmatched", handleNotFound(logger, web))
	r.MethodNotAllowedHandler = m.as("method_not_allowed", handleMethodNotAllowed(r, logger))
}

// addAdminRoutes is the admin origin's route table: its pages, its API, and the shell's
// and the admin section's files. Any other page is the public origin's, where a
// request for one is sent.
func addAdminRoutes(r *mux.Router, d Deps, g guards, m *metrics) {
	logger, cfg, web := d.Logger, d.Config, d.Served
	get := []string{http.MethodGet, http.MethodHead}
	session, json, noBody := g.admin.withSession, g.json, g.noBody
	r.Use(m.byRoute)
	r.Handle("/healthz", handleHealthz()).Methods(get...)
	r.Handle("/readyz", handleReadyz(logger, web, d.Database)).Methods(get...)

	// The admin API (docs/api.md): from the admin's own origin only, closed (503) until
	// an admin is configured or set up, and but for signing in and out only with a
	// session (401). The session probe and the first-run setup answer in every state.
	// Failed sign-ins are limited per client, shared by the replicas, by d.Admin.Auth.
	guard, cookie := g.admin, g.admin.cookie
	r.Handle(adminSessionPath, guard.probe(handleAdminSession(logger, d.Admin.Auth, cookie))).Methods(get...)
	r.Handle("/api/admin/setup", guard.probe(json(handleAdminSetup(logger, d.Admin.Auth, cookie, g.device)))).Methods(http.MethodPost)
	r.Handle(adminSessionPath, g.clientIP(guard.open(json(handleAdminLogin(logger, d.Admin.Auth, cookie, g.device))))).Methods(http.MethodPost)
	r.Handle(adminSessionPath, guard.open(handleAdminLogout(logger, d.Admin.Auth, cookie))).Methods(http.MethodDelete)
	r.Handle("/api/admin/stats", session(handleAdminStats(logger, d.Admin.Subscribers, d.Admin.Publisher, d.Admin.Replication))).Methods(get...)
	r.Handle("/api/admin/editions", session(handleAdminEditions(logger, d.Admin.Publisher))).Methods(get...)
	r.Handle("/api/admin/editions/{id}/publish", session(noBody(handleAdminPublish(logger, d.Admin.Publisher)))).Methods(http.MethodPost)
	r.Handle("/api/admin/editions/{id}/preview", session(handleAdminPreview(logger, d.Admin.Rehearsal))).Methods(get...)
	r.Handle("/api/admin/editions/{id}/test", session(noBody(handleAdminSendTest(logger, d.Admin.Rehearsal)))).Methods(http.MethodPost)
	r.Handle("/api/admin/editions/{id}/schedule", session(json(handleAdminSchedule(logger, d.Admin.Publisher)))).Methods(http.MethodPut)
	r.Handle("/api/admin/editions/{id}/schedule", session(noBody(handleAdminUnschedule(logger, d.Admin.Publisher)))).Methods(http.MethodDelete)
	if d.Admin.Suppressions != nil {
		r.Handle("/api/admin/suppressions", session(handleAdminSuppressions(logger, d.Admin.Suppressions))).Methods(get...)
		r.Handle("/api/admin/suppressions", session(noBody(handleAdminLift(logger, d.Admin.Suppressions)))).Methods(http.MethodDelete)
	}
	r.Handle("/api/admin/subscribers", session(handleAdminSubscribers(logger, d.Admin.Subscribers))).Methods(get...)
	r.Handle("/api/admin/subscribers.csv", session(handleAdminSubscribersCSV(logger, d.Admin.Subscribers, d.Admin.Suppressions))).Methods(get...)
	r.Handle("/api/admin/subscribers/import", session(g.csv(handleAdminSubscribersImport(logger, d.Admin.Subscribers)))).Methods(http.MethodPost)
	r.Handle("/api/admin/messages", session(handleAdminMessages(logger, d.Admin.Messages))).Methods(get...)
	r.Handle("/api/admin/mail", session(handleAdminMail(logger, d.Admin.Mail))).Methods(get...)
	r.Handle("/api/admin/mail/{id}/retry", session(noBody(handleAdminMailRetry(logger, d.Admin.Mail)))).Methods(http.MethodPost)
	r.Handle("/api/admin/traffic", session(handleAdminTraffic(logger, web, d.Analytics))).Methods(get...)

	if d.Sections != nil {
		section := sectionVar()
		r.Handle("/api/admin/sections", session(handleAdminSections(logger, d.Sections))).Methods(get...)
		r.Handle("/api/admin/sections/"+section+"/promote", session(json(handleReleasePromote(logger, d.Sections)))).Methods(http.MethodPost)
		r.Handle("/api/admin/sections/"+section+"/rollback", session(noBody(handleReleaseRollback(logger, d.Sections)))).Methods(http.MethodPost)
		r.Handle("/api/admin/sections/"+section+"/preview", session(json(handleSectionPreview(logger, cfg, d.Sections)))).Methods(http.MethodPost)
		// The admin section's own previews open on this origin.
		r.Handle(site.PreviewPath, handlePreviewOpen(logger, d.Sections, cfg.AdminURLIsHTTPS())).Methods(get...)
		r.Handle(site.PreviewLeavePath, handlePreviewLeave(cfg.AdminURLIsHTTPS())).Methods(get...)
		// The keys a section's releases must be signed by: the admin's alone, never a
		// deploy token's (a token that could add a key could sign for itself).
		r.Handle("/api/admin/sections/"+section+"/keys", session(handleSectionKeys(logger, d.Sections))).Methods(get...)
		r.Handle("/api/admin/sections/"+section+"/keys", session(json(handleSectionKeyAdd(logger, d.Sections)))).Methods(http.MethodPost)
		r.Handle("/api/admin/sections/"+section+"/keys", session(noBody(handleSectionKeyRemove(logger, d.Sections)))).Methods(http.MethodDelete)
	}

	// The admin section's files, and a remotes.json that names it alone.
	r.Handle("/mf/remotes.json", handleState(web, func(st *site.State) *static.File { return st.AdminRemotes })).Methods(get...)
	r.PathPrefix("/mf/" + string(content.SectionAdmin) + "/").Handler(handleSectionAssets(web, string(content.SectionAdmin))).Methods(get...)
	// What the shell's chrome reads on every page: content images and the search
	// palette's documents (data, never run).
	r.PathPrefix("/images/").Handler(handleImages(web.Images())).Methods(get...)
	r.Handle("/"+search.FileName, handleState(web, func(st *site.State) *static.File { return st.SearchJSON })).Methods(get...)

	r.MatcherFunc(sectionPage(web, site.AdminSection)).Handler(handleAdminPage(logger, web, cfg.AdminURL, d.Admin.Auth, cookie)).Methods(get...).Name(sectionPageRoute)
	r.Handle("/", handleAdminRoot(adminHome(d.Routes), cfg.PublicURL)).Methods(get...)
	r.Handle(discovery.RobotsPath, adminRobots()).Methods(get...)
	r.MatcherFunc(shellFile(web)).Handler(handleShellFile(web)).Methods(get...).Name(shellFileRoute)

	r.NotFoundHandler = m.as("unmatched", handleAdminNotFound(logger, web, cfg.PublicURL))
	r.MethodNotAllowedHandler = m.as("method_not_allowed", handleMethodNotAllowed(r, logger))
}

// sectionVar matches a section's name in a path.
func sectionVar() string { return "{section:" + strings.Join(release.Sections, "|") + "}" }
