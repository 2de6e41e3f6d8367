package server_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/newsletter"
)

// Every public page tells the browser what to prerender (docs/decisions/0062), and its
// own script that it does; nothing else does, and nothing with the setting off.
func TestPublicPagesCarryTheSpeculationRules(t *testing.T) {
	f := newFixture(t, nil)
	for _, path := range []string{"/", "/skills", "/projects/1", "/search?q=kube", "/blog", "/blog/kubernetes-security", "/blog/tags/kubernetes", "/newsletter", "/newsletter/1"} {
		w := get(f.h, path)
		if w.Code != http.StatusOK {
			t.Fatalf("GET %s: %d", path, w.Code)
		}
		if got := w.Header().Get("Speculation-Rules"); got != `"/speculation-rules.json"` {
			t.Errorf("GET %s: Speculation-Rules %q", path, got)
		}
		if got := w.Header().Values("Server-Timing"); !slices.Contains(got, `speculation;desc="prerender"`) {
			t.Errorf("GET %s: Server-Timing %q", path, got)
		}
	}
	// Not a page of the site: the 404 page, a redirect, a file, the API, the rules.
	for _, path := range []string{"/nope", "/skills/", "/robots.txt", "/rss.xml", "/api/newsletter/stats", "/speculation-rules.json", "/admin/newsletter"} {
		if got := get(f.h, path).Header().Get("Speculation-Rules"); got != "" {
			t.Errorf("GET %s: Speculation-Rules %q", path, got)
		}
	}
	// The admin's own origin: its pages are never speculated from, nor to.
	adm := f.originOf("/admin/newsletter")
	if got := get(adm, "/admin/newsletter").Header().Get("Speculation-Rules"); got != "" {
		t.Errorf("the admin's page: Speculation-Rules %q", got)
	}

	off := newFixture(t, map[string]string{"PORTFOLIO_SPECULATION_RULES": "false"})
	w := get(off.h, "/skills")
	if got := w.Header().Get("Speculation-Rules") + strings.Join(w.Header().Values("Server-Timing"), ""); got != "" {
		t.Errorf("speculation off: %q", got)
	}
}

// The rules exclude the admin, the API, files and the newsletter's links from every rule,
// wait for the page's first paint, and are served as the browser requires them.
func TestSpeculationRulesExcludeWhatActs(t *testing.T) {
	f := newFixture(t, nil)
	w := get(f.h, "/speculation-rules.json")
	if w.Code != http.StatusOK || w.Header().Get("Content-Type") != "application/speculationrules+json" {
		t.Fatalf("GET /speculation-rules.json: %d %q", w.Code, w.Header().Get("Content-Type"))
	}
	var rules map[string][]struct {
		Source    string `json:"source"`
		Eagerness string `json:"eagerness"`
		Where     struct {
			And []map[string]json.RawMessage `json:"and"`
		} `json:"where"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &rules); err != nil {
		t.Fatal(err)
	}
	if len(rules["prerender"]) == 0 {
		t.Fatal("no prerender rule")
	}
	for action, list := range rules {
		for i, rule := range list {
			var excluded []string
			var selectors string
			painted := false
			for _, cond := range rule.Where.And {
				var sel string
				if raw, ok := cond["selector_matches"]; ok && json.Unmarshal(raw, &sel) == nil && sel == "[data-painted] a[href]" {
					painted = true
				}
				var not struct {
					Href     []string `json:"href_matches"`
					Selector string   `json:"selector_matches"`
				}
				if raw, ok := cond["not"]; ok && json.Unmarshal(raw, &not) == nil {
					excluded = append(excluded, not.Href...)
					selectors += not.Selector
				}
			}
			for _, must := range []string{"/admin", "/admin/*", "/api/*", "/mf/*", "/*.*", "/newsletter/confirm*", "/newsletter/unsubscribe*"} {
				if !slices.Contains(excluded, must) {
					t.Errorf("%s rule %d does not exclude %s", action, i, must)
				}
			}
			if !painted {
				t.Errorf("%s rule %d applies before the page is painted (no [data-painted] condition)", action, i)
			}
			for _, must := range []string{"[download]", `[href^="/admin" i]`, `[href^="/api/" i]`} {
				if !strings.Contains(selectors, must) {
					t.Errorf("%s rule %d does not exclude links %s", action, i, must)
				}
			}
		}
	}
}

// Opening a confirmation link confirms: a browser or mail client fetching it ahead
// (Sec-Purpose: prefetch, with or without prerender) must not.
func TestAPrefetchOfTheConfirmLinkConfirmsNothing(t *testing.T) {
	f := newFixture(t, nil)
	if w := f.subscribeJSON(`{"email":"jane@example.org","name":"Jane"}`, nil); w.Code != http.StatusAccepted {
		t.Fatal(w.Code)
	}
	confirm := link(t, f.emails(t)[0], "/newsletter/confirm")
	for _, purpose := range []string{"prefetch", "prefetch;prerender"} {
		w := do(f.h, req{path: confirm, header: map[string]string{"Sec-Purpose": purpose}})
		if w.Code != http.StatusServiceUnavailable || w.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("Sec-Purpose %s: %d %q", purpose, w.Code, w.Header().Get("Cache-Control"))
		}
		if subs := f.subscribers(t); subs[0].State == newsletter.StateConfirmed {
			t.Fatalf("confirmed by a %s", purpose)
		}
	}
	checkNotice(t, get(f.h, confirm), http.StatusOK, "Subscription confirmed")
}
