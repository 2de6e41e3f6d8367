package server_test

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// adminPageBuild is the prerendered fixture build with the admin section's parts: the
// page's frame that asks who is signed in and, unless withoutVariant, the page signed
// out (apps/admin/src/prerender.tsx).
func adminPageBuild(t *testing.T, withoutVariant bool) string {
	t.Helper()
	dir := prerenderedBuild(t)
	files := map[string]string{
		"shell/dist/prerender/admin.html":            `<header>admin chrome</header><main id="main"><!--$--><template data-section="admin"></template><!--/$--></main>`,
		"admin/dist/prerender/admin/newsletter.html": `<h1>Newsletter Admin</h1><p>Checking your session…</p>`,
	}
	if !withoutVariant {
		files["admin/dist/prerender/admin/newsletter@signed-out.html"] = `<h1>Newsletter Admin</h1><form method="post">Admin sign in</form>`
	}
	for name, body := range files {
		webtest.Write(t, filepath.Join(dir, name), []byte(body))
	}
	return dir
}

const (
	askingFrame = `<header>admin chrome</header><main id="main"><!--$--><h1>Newsletter Admin</h1><p>Checking your session…</p><!--/$--></main>`
	signedOut   = `<header>admin chrome</header><main id="main"><!--$--><h1>Newsletter Admin</h1><form method="post">Admin sign in</form><!--/$--></main>`
)

func TestAdminPageServedSignedOut(t *testing.T) {
	withAdmin := newFixture(t, adminEnv(t, map[string]string{"PORTFOLIO_WEB_DIR": adminPageBuild(t, false)}))
	session := withAdmin.signIn(t)
	ended := &http.Cookie{Name: session.Name, Value: strings.Repeat("A", 43)}
	noAdmin := newFixture(t, map[string]string{"PORTFOLIO_WEB_DIR": adminPageBuild(t, false)})
	oldRelease := newFixture(t, adminEnv(t, map[string]string{"PORTFOLIO_WEB_DIR": adminPageBuild(t, true)}))

	tests := []struct {
		name   string
		f      *fixture
		cookie *http.Cookie
		root   string
	}{
		{"no session cookie: the sign-in form", withAdmin, nil, signedOut},
		{"a session cookie: the frame that asks", withAdmin, session, askingFrame},
		// Whether it is still live is the probe's to say: the page does not look it up.
		{"an ended session's cookie: the frame that asks", withAdmin, ended, askingFrame},
		{"no admin yet: the frame that asks (it shows the setup notice)", noAdmin, nil, askingFrame},
		{"an admin release built before the variant: the frame that asks", oldRelease, nil, askingFrame},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := tt.f.adminCall(http.MethodGet, "/admin/newsletter", tt.cookie, send{})
			if w.Code != http.StatusOK {
				t.Fatalf("status %d", w.Code)
			}
			if got := rootOf(t, w.Body.String()); got != tt.root {
				t.Errorf("#root holds\n%s\nwant\n%s", got, tt.root)
			}
			if vary := w.Header().Values("Vary"); !strings.Contains(strings.Join(vary, ","), "Cookie") {
				t.Errorf("Vary %q lacks Cookie: a cache would hand one visitor's page to another", vary)
			}
			if cc := w.Header().Get("Cache-Control"); cc != "no-cache" {
				t.Errorf("Cache-Control %q, want no-cache", cc)
			}
		})
	}

	t.Run("a revalidation after signing in gets the other page", func(t *testing.T) {
		first := withAdmin.adminCall(http.MethodGet, "/admin/newsletter", nil, send{})
		again := withAdmin.adminCall(http.MethodGet, "/admin/newsletter", session, send{header: map[string]string{"If-None-Match": first.Header().Get("ETag")}})
		if again.Code != http.StatusOK || rootOf(t, again.Body.String()) != askingFrame {
			t.Errorf("revalidated with the signed-out page's ETag and a session: %d %q", again.Code, again.Body)
		}
	})
}
