package sqlstore_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/release"
	"github.com/portfolio-site/portfolio/services/sqldb/sqldbtest"
)

func canaryOf(t *testing.T, svc *release.Service, section string) (release.Canary, bool) {
	t.Helper()
	all, err := svc.Canaries(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c, ok := all[section]
	return c, ok
}

func historyOf(t *testing.T, svc *release.Service, section string) []release.Event {
	t.Helper()
	h, err := svc.Store.History(context.Background(), section, 20)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// A canary beside the version served: widened, ended by a rollback, finished by a
// promote; each change in the history with its share.
func TestCanaryLifecycle(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			svc, store, clk, _ := newService(t, d)
			publish(t, svc, "blog", "1.0.0-a")
			publish(t, svc, "blog", "2.0.0-b")
			if err := svc.Promote(ctx, "blog", "1.0.0-a", "ci"); err != nil {
				t.Fatal(err)
			}
			for _, bad := range []int{0, 100, -5} {
				if err := svc.Canary(ctx, "blog", "2.0.0-b", release.CanaryPlan{Percent: bad}, "ci"); apperr.CodeOf(err) != apperr.Invalid {
					t.Errorf("a canary of %d%%: %v, want invalid", bad, err)
				}
			}
			if err := svc.Canary(ctx, "blog", "1.0.0-a", release.CanaryPlan{Percent: 10}, "ci"); apperr.CodeOf(err) != apperr.Conflict {
				t.Errorf("a canary of the version served: %v, want a conflict", err)
			}
			if err := svc.Canary(ctx, "blog", "9.9.9-z", release.CanaryPlan{Percent: 10}, "ci"); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("a canary of no release: %v, want not found", err)
			}

			if err := svc.Canary(ctx, "blog", "2.0.0-b", release.CanaryPlan{Percent: 10}, "ci"); err != nil {
				t.Fatal(err)
			}
			started := clk.now
			clk.now = clk.now.Add(time.Minute)
			if err := svc.Canary(ctx, "blog", "2.0.0-b", release.CanaryPlan{Percent: 50}, "ci"); err != nil {
				t.Fatal(err)
			}
			c, ok := canaryOf(t, svc, "blog")
			if !ok || c.Version != "2.0.0-b" || c.Percent != 50 || !c.StartedAt.Equal(started) {
				t.Fatalf("canary %+v, want 2.0.0-b at 50%% since %s", c, started)
			}
			if got := serving(t, store, "blog"); got != "1.0.0-a" {
				t.Errorf("serving %q during the canary, want 1.0.0-a", got)
			}
			h := historyOf(t, svc, "blog")
			if h[0].Action != "canary" || h[0].Note != "50%" || h[0].Previous != "1.0.0-a" || h[1].Note != "10%" {
				t.Errorf("history %+v", h[:2])
			}

			// A rollback ends the canary, and only the canary.
			to, err := svc.Rollback(ctx, "blog", "admin:owner")
			if err != nil || to != "1.0.0-a" {
				t.Fatalf("rollback: %q, %v", to, err)
			}
			if _, ok := canaryOf(t, svc, "blog"); ok {
				t.Error("the canary still runs after a rollback")
			}
			if got := serving(t, store, "blog"); got != "1.0.0-a" {
				t.Errorf("serving %q after ending the canary, want 1.0.0-a", got)
			}

			// A promote of its version finishes it; a rollback then undoes the promote.
			if err := svc.Canary(ctx, "blog", "2.0.0-b", release.CanaryPlan{Percent: 20}, "ci"); err != nil {
				t.Fatal(err)
			}
			if err := svc.Promote(ctx, "blog", "2.0.0-b", "ci"); err != nil {
				t.Fatal(err)
			}
			if _, ok := canaryOf(t, svc, "blog"); ok || serving(t, store, "blog") != "2.0.0-b" {
				t.Errorf("after the finishing promote: canary %v, serving %q", ok, serving(t, store, "blog"))
			}
			if to, err := svc.Rollback(ctx, "blog", "ci"); err != nil || to != "1.0.0-a" {
				t.Errorf("rollback after the finish: %q, %v", to, err)
			}
		})
	}
}

// Of gateways that find a canary failing at once, exactly one ends it and records why.
func TestAbortIsDoneOnce(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			svc, store, _, _ := newService(t, d)
			publish(t, svc, "blog", "2.0.0-b")
			if err := svc.Canary(ctx, "blog", "2.0.0-b", release.CanaryPlan{Percent: 30}, "ci"); err != nil {
				t.Fatal(err)
			}
			const replicas = 8
			var wg sync.WaitGroup
			acted := make(chan int, replicas)
			errs := make(chan error, replicas)
			for i := range replicas {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ok, err := svc.Abort(ctx, "blog", "2.0.0-b", "canary-guard", "JavaScript errors: 1.00 per view")
					if err != nil {
						errs <- err
					}
					if ok {
						acted <- i
					}
				}()
			}
			wg.Wait()
			close(acted)
			close(errs)
			for err := range errs {
				t.Error(err)
			}
			if n := len(acted); n != 1 {
				t.Fatalf("%d of %d aborts acted, want exactly 1", n, replicas)
			}
			aborts := 0
			for _, e := range historyOf(t, svc, "blog") {
				if e.Action == "abort" {
					aborts++
					if e.Previous != "2.0.0-b" || e.Version != "" || e.Actor != "canary-guard" || !strings.HasPrefix(e.Note, "JavaScript errors") {
						t.Errorf("abort event %+v", e)
					}
				}
			}
			if aborts != 1 {
				t.Errorf("%d abort events, want 1", aborts)
			}
			if _, ok := canaryOf(t, svc, "blog"); ok || serving(t, store, "blog") != "" {
				t.Error("the canary still runs, or something else is served")
			}
			// A canary of another version is not ended by an abort of this one.
			publish(t, svc, "blog", "3.0.0-c")
			if err := svc.Canary(ctx, "blog", "3.0.0-c", release.CanaryPlan{Percent: 30}, "ci"); err != nil {
				t.Fatal(err)
			}
			if ok, err := svc.Abort(ctx, "blog", "2.0.0-b", "canary-guard", "late"); ok || err != nil {
				t.Errorf("a late abort of 2.0.0-b: %v, %v", ok, err)
			}
			if c, ok := canaryOf(t, svc, "blog"); !ok || c.Version != "3.0.0-c" {
				t.Error("a late abort ended another version's canary")
			}
		})
	}
}

// Stages on a timer: each moves once when due, by one of the gateways; 100 promotes.
func TestCanaryStages(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			svc, store, clk, _ := newService(t, d)
			publish(t, svc, "blog", "2.0.0-b")
			plan, err := release.ParsePlan(0, "10,50,100", 30*time.Minute)
			if err != nil {
				t.Fatal(err)
			}
			if err := svc.Canary(ctx, "blog", "2.0.0-b", plan, "ci"); err != nil {
				t.Fatal(err)
			}
			advance := func() int {
				var wg sync.WaitGroup
				var mu sync.Mutex
				moved := 0
				for range 4 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						m, err := svc.Advance(ctx, "canary-guard")
						if err != nil {
							t.Error(err)
						}
						mu.Lock()
						moved += len(m)
						mu.Unlock()
					}()
				}
				wg.Wait()
				return moved
			}
			if n := advance(); n != 0 {
				t.Errorf("moved %d before the stage was due", n)
			}
			clk.now = clk.now.Add(30 * time.Minute)
			if n := advance(); n != 1 {
				t.Errorf("moved %d times at the stage, want once", n)
			}
			if c, _ := canaryOf(t, svc, "blog"); c.Percent != 50 {
				t.Errorf("share %d%%, want 50%%", c.Percent)
			}
			clk.now = clk.now.Add(30 * time.Minute)
			if n := advance(); n != 1 {
				t.Errorf("moved %d times at the last stage, want once", n)
			}
			if _, ok := canaryOf(t, svc, "blog"); ok || serving(t, store, "blog") != "2.0.0-b" {
				t.Error("the last stage did not promote the canary")
			}
			promotes := 0
			for _, e := range historyOf(t, svc, "blog") {
				if e.Action == "promote" {
					promotes++
				}
			}
			if promotes != 1 {
				t.Errorf("%d promotes, want 1", promotes)
			}
		})
	}
}

// A preview link opens its version on any gateway of the site (one secret in the
// store), and nothing forged or expired opens.
func TestPreviewTokens(t *testing.T) {
	for _, d := range sqldbtest.Dialects() {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			db := migrated(t, d)
			one, _, clk, _ := newServiceOver(t, db)
			other, _, _, _ := newServiceOver(t, db)
			other.Now = clk.Now
			publish(t, one, "blog", "2.0.0-b")
			if _, _, err := one.PreviewToken(ctx, "blog", "9.9.9-z", 0); apperr.CodeOf(err) != apperr.NotFound {
				t.Errorf("a preview of no release: %v", err)
			}
			token, p, err := one.PreviewToken(ctx, "blog", "2.0.0-b", 0)
			if err != nil {
				t.Fatal(err)
			}
			if !p.Expires.Equal(clk.now.Add(release.PreviewTTL)) {
				t.Errorf("expires %s", p.Expires)
			}
			got, err := other.OpenPreview(ctx, token)
			if err != nil || got != p {
				t.Fatalf("another gateway opened %+v, %v", got, err)
			}
			payload, _, _ := strings.Cut(token, ".")
			for name, bad := range map[string]string{
				"no signature":    payload,
				"another payload": "eyJzIjoibmV3c2xldHRlciIsInYiOiIxIiwiZSI6OTk5OTk5OTk5OX0" + token[len(payload):],
				"empty":           "",
			} {
				if _, err := other.OpenPreview(ctx, bad); err == nil {
					t.Errorf("%s: opened", name)
				}
			}
			clk.now = clk.now.Add(release.PreviewTTL)
			if _, err := other.OpenPreview(ctx, token); err == nil || errors.Is(err, nil) {
				t.Error("an expired link opened")
			}
		})
	}
}
