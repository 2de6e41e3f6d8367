package server

import (
	"net/http"

	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

// guards are the wrappers the routes share, made once for the route table: who the
// client is, the cross-site check, each form's rate limit (shared by its JSON endpoint
// and its post without JavaScript), the admin's session and cookies, the deploy token,
// and the bodies each kind of endpoint reads.
type guards struct {
	clientIP                     func(http.Handler) http.Handler
	cop                          *http.CrossOriginProtection
	contactLimit, subscribeLimit *ratelimit.Limiter
	eventsLimit                  *ratelimit.Limiter // the mail events webhooks
	admin                        adminGuard
	device                       adminCookie
	json                         func(http.Handler) http.Handler // a JSON body of at most maxFormBody
	noBody                       func(http.Handler) http.Handler // no body, or JSON (an action)
	artifact                     func(http.Handler) http.Handler // a release artifact, publishes limited per actor
	csv                          func(http.Handler) http.Handler // a CSV file of subscribers
	deploy                       func(http.Handler) http.Handler // a deploy token for the path's section
	page                         func(http.Handler) http.Handler // a page: its views counted (viewCounter)
	beacon                       func(http.Handler) http.Handler // a page-view beacon
	vitals                       func(http.Handler) http.Handler // a page's vitals beacon
	views                        viewCounter
	signups                      signupCounter
}

func newGuards(d Deps) guards {
	logger, cfg := d.Logger, d.Config
	cop := newCrossOriginProtection(logger, cfg.PublicURL)
	g := guards{
		clientIP:       withClientIP(cfg.TrustedProxies, cfg.RateLimitIPv6Prefix),
		cop:            cop,
		contactLimit:   ratelimit.New(cfg.RateLimitPerMinute, 0),
		subscribeLimit: ratelimit.New(cfg.RateLimitPerMinute, 0),
		eventsLimit:    ratelimit.New(eventsPerMinute, 0),
		// Failed sign-ins are limited per client, shared by the replicas, by d.Admin.Auth.
		admin:    adminGuard{logger: logger, origin: cfg.AdminURL, auth: d.Admin.Auth, cookie: newSessionCookie(cfg.AdminURLIsHTTPS())},
		device:   newDeviceCookie(cfg.AdminURLIsHTTPS()),
		json:     readBody(jsonForm, maxFormBody, apiFailure(logger)),
		noBody:   noBodyOrJSON(logger),
		artifact: publishing(logger),
		csv:      readBody(csvBody, newsletter.MaxImportBytes, apiFailure(logger)),
	}
	if d.Sections != nil {
		g.deploy = withDeployToken(logger, d.Sections)
	}
	// Page views (docs/decisions/0039): counted on the page routes as they are served;
	// a client-side navigation's beacon is same-origin, at most 1 KiB, and limited per
	// client to a generous reader's pace, and so are the views counted (viewsPerMinute),
	// so no one script can inflate the counts.
	g.views = viewCounter{counter: d.Analytics, auth: d.Admin.Auth, cookie: g.admin.cookie, limit: ratelimit.New(viewsPerMinute, 0)}
	g.signups = signupCounter{counter: d.Analytics, web: d.Served}
	g.page = func(h http.Handler) http.Handler { return g.clientIP(g.views.pages(h)) }
	if d.Analytics == nil {
		g.page = func(h http.Handler) http.Handler { return h }
	}
	beaconLimit, fail := ratelimit.New(beaconsPerMinute, 0), apiFailure(logger)
	g.beacon = func(h http.Handler) http.Handler {
		return g.clientIP(cop.Handler(rateLimit(logger, beaconLimit, fail)(readBody(beaconBody, maxBeacon, fail)(h))))
	}
	// A page's vitals (docs/decisions/0059): one beacon per page view, as the page-view
	// beacons are, under a limit of their own (a reader's document loads, not their
	// client-side navigations).
	vitalsLimit := ratelimit.New(vitalsPerMinute, 0)
	g.vitals = func(h http.Handler) http.Handler {
		return g.clientIP(cop.Handler(rateLimit(logger, vitalsLimit, fail)(readBody(beaconBody, maxBeacon, fail)(h))))
	}
	return g
}
