package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// logWatcher collects run's JSON log lines so a test can wait for one, such as
// "listening", which carries the bound address.
type logWatcher struct {
	mu      sync.Mutex
	partial []byte
	entries []map[string]any
	changed chan struct{} // closed and replaced on every new entry
}

func newLogWatcher() *logWatcher { return &logWatcher{changed: make(chan struct{})} }

func (l *logWatcher) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.partial = append(l.partial, p...)
	for {
		line, rest, found := bytes.Cut(l.partial, []byte("\n"))
		if !found {
			break
		}
		l.partial = rest
		var entry map[string]any
		if err := json.Unmarshal(line, &entry); err != nil {
			entry = map[string]any{"msg": string(line)} // not JSON: keep it for failure messages
		}
		l.entries = append(l.entries, entry)
	}
	close(l.changed)
	l.changed = make(chan struct{})
	return len(p), nil
}

// waitFor returns the first entry with the message msg, failing the test if run
// returns or the timeout passes first.
func (l *logWatcher) waitFor(t *testing.T, msg string, done <-chan error) map[string]any {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		l.mu.Lock()
		for _, e := range l.entries {
			if e["msg"] == msg {
				l.mu.Unlock()
				return e
			}
		}
		changed := l.changed
		l.mu.Unlock()
		select {
		case <-changed:
		case err := <-done:
			t.Fatalf("run returned %v before logging %q; logs: %v", err, msg, l.all())
		case <-timeout:
			t.Fatalf("no %q log line within 10s; logs: %v", msg, l.all())
		}
	}
}

func (l *logWatcher) all() []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]map[string]any(nil), l.entries...)
}

type gateway struct {
	addr   string // host:port run is listening on
	logs   *logWatcher
	cancel context.CancelFunc
	done   chan error
}

// startGateway calls run on 127.0.0.1:0 with the fixture build (unless env names a web
// dir) and returns once run has logged the address it listens on.
func startGateway(t *testing.T, env map[string]string, args ...string) *gateway {
	t.Helper()
	full := map[string]string{
		"PORTFOLIO_HTTP_ADDR": "127.0.0.1:0",
		"PORTFOLIO_DATA_DIR":  filepath.Join(t.TempDir(), "data"),
		"PORTFOLIO_WEB_DIR":   webtest.Build(t),
		"PORTFOLIO_LOG_LEVEL": "debug",
	}
	for k, v := range env {
		full[k] = v
	}
	ctx, cancel := context.WithCancel(context.Background())
	g := &gateway{logs: newLogWatcher(), cancel: cancel, done: make(chan error, 1)}
	go func() {
		g.done <- run(ctx, append([]string{"gateway"}, args...), func(k string) string { return full[k] }, strings.NewReader(""), io.Discard, g.logs)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-g.done:
		case <-time.After(20 * time.Second):
			t.Error("run did not return after cancel")
		}
	})
	addr, _ := g.logs.waitFor(t, "listening", g.done)["addr"].(string)
	if addr == "" {
		t.Fatal(`"listening" log line has no addr`)
	}
	g.addr = addr
	return g
}

// waitHealthy polls /healthz until it answers 200, as a deploy script would.
func waitHealthy(t *testing.T, addr string) {
	t.Helper()
	client := &http.Client{Timeout: time.Second}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := client.Get("http://" + addr + "/healthz")
		if err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s/healthz never answered 200", addr)
}

func fetch(t *testing.T, url string, header map[string]string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(body)
}

func TestRunServesTheSite(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "nested", "data")
	g := startGateway(t, map[string]string{"PORTFOLIO_DATA_DIR": dataDir})
	waitHealthy(t, g.addr)
	base := "http://" + g.addr

	tests := []struct {
		path       string
		header     map[string]string
		wantStatus int
		wantInBody string
		wantHeader map[string]string
	}{
		{"/", nil, 200, "<title>DevOps Portfolio · DevOps Engineer &amp; Cloud Infrastructure Specialist</title>", map[string]string{"Cache-Control": "no-cache"}},
		{"/projects/2", nil, 200, `<link rel="canonical" href="http://127.0.0.1:8080/projects/2">`, nil},
		{"/nope", nil, 404, `data-fixture="shell-index"`, nil},
		{"/readyz", nil, 200, `{"status":"ready"}`, nil},
		{"/mf/remotes.json", nil, 200, `"entry":"/mf/blog/mf-manifest.json"`, nil},
		{"/mf/blog/remoteEntry.js", nil, 200, "var blog", map[string]string{"Cache-Control": "no-cache"}},
		{"/static/js/index.3f9a1c2b.js", map[string]string{"Accept-Encoding": "br"}, 200, webtest.ShellJSBr, map[string]string{"Content-Encoding": "br", "Vary": "Accept-Encoding"}},
		{"/api/nope", nil, 404, `"code":"not_found"`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			resp, body := fetch(t, base+tt.path, tt.header)
			if resp.StatusCode != tt.wantStatus {
				t.Fatalf("status = %d, want %d", resp.StatusCode, tt.wantStatus)
			}
			if !strings.Contains(body, tt.wantInBody) {
				t.Errorf("body lacks %q:\n%s", tt.wantInBody, body)
			}
			for k, v := range tt.wantHeader {
				if got := resp.Header.Get(k); got != v {
					t.Errorf("%s = %q, want %q", k, got, v)
				}
			}
			if resp.Header.Get("Content-Security-Policy") == "" {
				t.Error("no Content-Security-Policy")
			}
		})
	}
	if fi, err := os.Stat(dataDir); err != nil || !fi.IsDir() {
		t.Errorf("data dir not created: %v", err)
	}

	g.cancel()
	select {
	case err := <-g.done:
		g.done <- err // for the cleanup
		if err != nil {
			t.Fatalf("run returned %v, want nil", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("run did not return after cancel")
	}
	g.logs.waitFor(t, "stopped", nil)
}

func TestRunFinishesInFlightRequestsOnShutdown(t *testing.T) {
	// A download far larger than the loopback socket buffers: while the client reads
	// slowly, the handler is blocked writing, i.e. the request is in flight.
	web := webtest.Build(t)
	big := bytes.Repeat([]byte("0123456789abcdef"), 2<<20) // 32 MiB
	webtest.Write(t, filepath.Join(web, "shell", "dist", "static", "media", "big.0123abcd.bin"), big)
	g := startGateway(t, map[string]string{"PORTFOLIO_WEB_DIR": web})
	waitHealthy(t, g.addr)

	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	resp, err := client.Get("http://" + g.addr + "/static/media/big.0123abcd.bin")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	head := make([]byte, 64<<10)
	if _, err := io.ReadFull(resp.Body, head); err != nil {
		t.Fatal(err)
	}

	g.cancel()
	g.logs.waitFor(t, "shutting down", g.done)
	// Shutdown closes the listener first: once new connections are refused, shutdown is
	// under way while the download is still running.
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", g.addr, 200*time.Millisecond)
		if err != nil {
			break
		}
		_ = c.Close()
		if time.Now().After(deadline) {
			t.Fatal("listener still accepting during shutdown")
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	select {
	case err := <-g.done:
		t.Fatalf("run returned (%v) while a request was in flight", err)
	default:
	}

	rest, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("in-flight download broken by shutdown: %v", err)
	}
	if got := len(head) + len(rest); got != len(big) || !bytes.Equal(append(head, rest...), big) {
		t.Fatalf("download got %d bytes, want %d intact", got, len(big))
	}

	select {
	case err := <-g.done:
		g.done <- err
		if err != nil {
			t.Fatalf("run returned %v, want nil", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return after the in-flight request finished")
	}
}

func TestRunWithoutBuild(t *testing.T) {
	g := startGateway(t, map[string]string{"PORTFOLIO_WEB_DIR": t.TempDir()})
	waitHealthy(t, g.addr)
	warned := false
	for _, e := range g.logs.all() {
		if e["level"] == "warn" && strings.Contains(e["msg"].(string), "run make build") {
			warned = true
		}
	}
	if !warned {
		t.Error("no start-up warning that the shell is not built")
	}
	for _, tt := range []struct {
		path   string
		status int
		body   string
	}{
		{"/readyz", 503, "site not built: run make build"},
		{"/", 503, "site not built: run make build"},
		{"/healthz", 200, `"ok"`},
	} {
		resp, body := fetch(t, "http://"+g.addr+tt.path, map[string]string{"Accept": "text/html"})
		if resp.StatusCode != tt.status || !strings.Contains(body, tt.body) {
			t.Errorf("%s: %d %q, want %d with %q", tt.path, resp.StatusCode, body, tt.status, tt.body)
		}
	}
}

func TestRunConfigFile(t *testing.T) {
	web := webtest.Build(t)
	file := filepath.Join(t.TempDir(), "gateway.yaml")
	text := "http_addr: 127.0.0.1:0\nweb_dir: " + web + "\nremote_admin_url: https://cdn.example.com/admin/mf-manifest.json\n"
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		env  map[string]string
		args []string
	}{
		{"--config flag", map[string]string{"PORTFOLIO_HTTP_ADDR": "", "PORTFOLIO_WEB_DIR": ""}, []string{"--config", file}},
		{"PORTFOLIO_CONFIG", map[string]string{"PORTFOLIO_HTTP_ADDR": "", "PORTFOLIO_WEB_DIR": "", "PORTFOLIO_CONFIG": file}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := startGateway(t, tt.env, tt.args...)
			_, body := fetch(t, "http://"+g.addr+"/mf/remotes.json", nil)
			if !strings.Contains(body, "https://cdn.example.com/admin/mf-manifest.json") {
				t.Errorf("remotes.json ignores the config file: %s", body)
			}
		})
	}
}

func TestRunRejectsBadInput(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		args    []string
		wantErr string
	}{
		{"invalid log level", map[string]string{"PORTFOLIO_LOG_LEVEL": "loud"}, nil, `config: PORTFOLIO_LOG_LEVEL: "loud" is not one of debug, info, warn, error`},
		{"invalid address", map[string]string{"PORTFOLIO_HTTP_ADDR": "nowhere"}, nil, "PORTFOLIO_HTTP_ADDR"},
		{"invalid bool", map[string]string{"PORTFOLIO_DEV": "yes please"}, nil, "PORTFOLIO_DEV"},
		{"missing config file", nil, []string{"--config", "/nonexistent/gateway.yaml"}, "config: read /nonexistent/gateway.yaml"},
		{"unknown flag", nil, []string{"--verbose"}, "flag provided but not defined"},
		{"stray argument", nil, []string{"serve"}, "unexpected arguments"},
		{"address in use", nil, nil, "listen:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{"PORTFOLIO_WEB_DIR": t.TempDir(), "PORTFOLIO_DATA_DIR": filepath.Join(t.TempDir(), "data")}
			if tt.name == "address in use" {
				ln, err := net.Listen("tcp", "127.0.0.1:0")
				if err != nil {
					t.Fatal(err)
				}
				defer ln.Close()
				env["PORTFOLIO_HTTP_ADDR"] = ln.Addr().String()
			}
			for k, v := range tt.env {
				env[k] = v
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			err := run(ctx, append([]string{"gateway"}, tt.args...), func(k string) string { return env[k] }, strings.NewReader(""), io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("run() = %v, want an error containing %q", err, tt.wantErr)
			}
			if errors.Is(err, context.DeadlineExceeded) {
				t.Fatal("run hung")
			}
		})
	}
}
