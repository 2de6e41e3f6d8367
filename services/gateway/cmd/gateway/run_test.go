package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	netmail "net/mail"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/contact"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
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
func (l *logWatcher) waitFor(t testing.TB, msg string, done <-chan error) map[string]any {
	t.Helper()
	// Generous: a start-up under -race on a busy 2-core machine can take a while.
	timeout := time.After(30 * time.Second)
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
			t.Fatalf("no %q log line within 30s; logs: %v", msg, l.all())
		}
	}
}

func (l *logWatcher) all() []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]map[string]any(nil), l.entries...)
}

type gateway struct {
	addr      string // host:port run is listening on: the public origin
	adminAddr string // and the admin's origin
	logs      *logWatcher
	cancel    context.CancelFunc
	done      chan error
}

// startGateway calls run on 127.0.0.1:0 with the fixture build (unless env names a web
// dir) and returns once run has logged the address it listens on.
func startGateway(t testing.TB, env map[string]string, args ...string) *gateway {
	t.Helper()
	full := map[string]string{
		"PORTFOLIO_HTTP_ADDR": "127.0.0.1:0",
		// The admin's origin (docs/decisions/0047) on a port of its own too.
		"PORTFOLIO_ADMIN_ADDR": "127.0.0.1:0",
		"PORTFOLIO_DATA_DIR":   filepath.Join(t.TempDir(), "data"),
		"PORTFOLIO_WEB_DIR":    webtest.Build(t),
		"PORTFOLIO_LOG_LEVEL":  "debug",
		// Tests run side by side: never the default's fixed port.
		"PORTFOLIO_METRICS_ADDR": "127.0.0.1:0",
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
		case <-g.done: //nolint:errcheck // a test that expects an error from run reads it itself
		case <-time.After(20 * time.Second):
			t.Error("run did not return after cancel")
		}
	})
	listening := g.logs.waitFor(t, "listening", g.done)
	g.addr, _ = listening["addr"].(string)
	g.adminAddr, _ = listening["admin_addr"].(string)
	if g.addr == "" || g.adminAddr == "" {
		t.Fatalf(`"listening" log line has no addr or admin_addr: %v`, listening)
	}
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

func fetch(t testing.TB, url string, header map[string]string) (*http.Response, string) {
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
	text := "http_addr: 127.0.0.1:0\nadmin_addr: 127.0.0.1:0\nweb_dir: " + web + "\nremote_blog_url: https://cdn.example.com/blog/mf-manifest.json\n"
	if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		env  map[string]string
		args []string
	}{
		{"--config flag", map[string]string{"PORTFOLIO_HTTP_ADDR": "", "PORTFOLIO_ADMIN_ADDR": "", "PORTFOLIO_WEB_DIR": ""}, []string{"--config", file}},
		{"PORTFOLIO_CONFIG", map[string]string{"PORTFOLIO_HTTP_ADDR": "", "PORTFOLIO_ADMIN_ADDR": "", "PORTFOLIO_WEB_DIR": "", "PORTFOLIO_CONFIG": file}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := startGateway(t, tt.env, tt.args...)
			_, body := fetch(t, "http://"+g.addr+"/mf/remotes.json", nil)
			if !strings.Contains(body, "https://cdn.example.com/blog/mf-manifest.json") {
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
		{"invalid SMTP TLS mode", map[string]string{"PORTFOLIO_SMTP_TLS": "ssl"}, nil, `config: PORTFOLIO_SMTP_TLS: "ssl" is not one of none, starttls, tls`},
		{"invalid sender", map[string]string{"PORTFOLIO_MAIL_FROM": "nobody"}, nil, "PORTFOLIO_MAIL_FROM"},
		{"missing config file", nil, []string{"--config", "/nonexistent/gateway.yaml"}, "config: read /nonexistent/gateway.yaml"},
		{"unknown flag", nil, []string{"--verbose"}, "flag provided but not defined"},
		{"stray argument", nil, []string{"serve"}, "unexpected arguments"},
		{"address in use", nil, nil, "listen:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{"PORTFOLIO_WEB_DIR": t.TempDir(), "PORTFOLIO_DATA_DIR": filepath.Join(t.TempDir(), "data"), "PORTFOLIO_METRICS_ADDR": "off", "PORTFOLIO_ADMIN_ADDR": "127.0.0.1:0"}
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

// fastMail makes the outbox retry quickly so outage tests stay short.
var fastMail = map[string]string{
	"PORTFOLIO_OUTBOX_RETRY_BASE":    "5ms",
	"PORTFOLIO_OUTBOX_RETRY_MAX":     "20ms",
	"PORTFOLIO_OUTBOX_MAX_ATTEMPTS":  "100000",
	"PORTFOLIO_OUTBOX_POLL_INTERVAL": "100ms",
	"PORTFOLIO_OUTBOX_SEND_TIMEOUT":  "5s",
	"PORTFOLIO_SMTP_TIMEOUT":         "2s",
}

// smtpEnv points the gateway at a test SMTP server (plain, on loopback).
func smtpEnv(addr string, extra map[string]string) map[string]string {
	host, port, _ := net.SplitHostPort(addr)
	env := map[string]string{
		"PORTFOLIO_SMTP_HOST":   host,
		"PORTFOLIO_SMTP_PORT":   port,
		"PORTFOLIO_SMTP_TLS":    "none",
		"PORTFOLIO_MAIL_FROM":   "DevOps Portfolio <no-reply@portfolio.test>",
		"PORTFOLIO_OWNER_EMAIL": "owner@portfolio.test",
	}
	maps.Copy(env, fastMail)
	maps.Copy(env, extra)
	return env
}

// downAddr returns a loopback address nothing listens on (yet).
func downAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	return addr
}

const contactJSON = `{"name":"Jane <b>Doe</b>","email":"jane@example.org","subject":"collaboration",` +
	`"message":"Hello!\nLet's talk about <script>alert(1)</script> & your platform work.","website":""}`

func postContact(t testing.TB, addr, body string) (int, string) {
	t.Helper()
	resp, err := (&http.Client{Timeout: 5 * time.Second}).Post("http://"+addr+"/api/contact", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// stop cancels run and waits for it to return nil.
func (g *gateway) stop(t testing.TB) {
	t.Helper()
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
}

// byRecipient indexes received messages by their one envelope recipient.
func byRecipient(t *testing.T, msgs []smtptest.Message) map[string]smtptest.Parsed {
	t.Helper()
	out := map[string]smtptest.Parsed{}
	for _, m := range msgs {
		if len(m.To) != 1 {
			t.Fatalf("message to %v, want one recipient", m.To)
		}
		p, err := m.Parse()
		if err != nil {
			t.Fatal(err)
		}
		if _, dup := out[m.To[0]]; dup {
			t.Errorf("two messages to %s", m.To[0])
		}
		out[m.To[0]] = p
	}
	return out
}

func TestRunContactSendsBothEmails(t *testing.T) {
	const password = "smtp-password-never-logged"
	srv := smtptest.Start(t, smtptest.Options{Username: "mailer", Password: password})
	g := startGateway(t, smtpEnv(srv.Addr, map[string]string{
		"PORTFOLIO_SMTP_USERNAME": "mailer",
		"PORTFOLIO_SMTP_PASSWORD": password,
	}))
	waitHealthy(t, g.addr)

	status, body := postContact(t, g.addr, contactJSON)
	if status != http.StatusAccepted || strings.TrimSpace(body) != `{"status":"accepted"}` {
		t.Fatalf("POST /api/contact = %d %s", status, body)
	}
	got := byRecipient(t, srv.Wait(t, 2, 10*time.Second))
	owner, visitor := got["owner@portfolio.test"], got["jane@example.org"]
	if owner.Header == nil || visitor.Header == nil {
		t.Fatalf("recipients %v, want the owner and the visitor", slices.Collect(maps.Keys(got)))
	}
	for _, m := range srv.Messages() {
		if m.From != "no-reply@portfolio.test" {
			t.Errorf("envelope sender %q", m.From)
		}
	}

	checkAddr := func(p smtptest.Parsed, header, wantName, wantAddr string) {
		t.Helper()
		list := p.Address(header)
		if len(list) != 1 || list[0].Address != wantAddr || list[0].Name != wantName {
			t.Errorf("%s = %v, want %q <%s>", header, list, wantName, wantAddr)
		}
	}
	checkAddr(owner, "From", "DevOps Portfolio", "no-reply@portfolio.test")
	checkAddr(owner, "To", "Your Name", "owner@portfolio.test")
	checkAddr(owner, "Reply-To", "Jane <b>Doe</b>", "jane@example.org")
	checkAddr(visitor, "From", "DevOps Portfolio", "no-reply@portfolio.test")
	checkAddr(visitor, "To", "Jane <b>Doe</b>", "jane@example.org")
	checkAddr(visitor, "Reply-To", "Your Name", "owner@portfolio.test")

	if s := owner.Get("Subject"); s != "New contact message: Project Collaboration from Jane <b>Doe</b>" {
		t.Errorf("owner's subject %q", s)
	}
	if s := visitor.Get("Subject"); s != "Thanks for getting in touch with DevOps Portfolio" {
		t.Errorf("visitor's subject %q", s)
	}
	if visitor.Get("Auto-Submitted") != "auto-replied" {
		t.Error("auto-reply lacks Auto-Submitted")
	}
	for who, p := range map[string]smtptest.Parsed{"owner": owner, "visitor": visitor} {
		if p.ContentType != "multipart/alternative" || p.Text == "" || p.HTML == "" {
			t.Errorf("%s: %s with text %d bytes, html %d bytes; want multipart/alternative with both", who, p.ContentType, len(p.Text), len(p.HTML))
		}
		if !strings.Contains(p.Text, "Project Collaboration") {
			t.Errorf("%s text lacks the subject's label:\n%s", who, p.Text)
		}
		if strings.Contains(p.HTML, "<script>") || strings.Contains(p.HTML, "<b>Doe") {
			t.Errorf("%s HTML contains the visitor's markup", who)
		}
	}
	// The owner reads the message, as text; the auto-reply never echoes it (the
	// visitor's address is unverified, so an echo would relay anyone's text anywhere).
	const message = "Let's talk about <script>alert(1)</script> & your platform work."
	if !strings.Contains(owner.Text, message) {
		t.Errorf("owner's text lacks the message:\n%s", owner.Text)
	}
	if !strings.Contains(owner.HTML, "&lt;script&gt;alert(1)&lt;/script&gt; &amp; your platform work.") {
		t.Errorf("owner's HTML does not show the message as escaped text:\n%s", owner.HTML)
	}
	if strings.Contains(visitor.Text, "your platform work") || strings.Contains(visitor.HTML, "your platform work") {
		t.Errorf("the auto-reply echoes the visitor's message:\n%s", visitor.Text)
	}
	for _, want := range []string{"jane@example.org", "Jane <b>Doe</b>"} {
		if !strings.Contains(owner.Text, want) {
			t.Errorf("owner's text lacks %q", want)
		}
	}
	if !strings.Contains(visitor.Text, "Usually within 24 hours") {
		t.Errorf("visitor's text lacks the response time:\n%s", visitor.Text)
	}

	// Counted in /metrics, and the password is in no log line.
	metricsAddr, _ := g.logs.waitFor(t, "metrics listening", g.done)["addr"].(string)
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, metrics := fetch(t, "http://"+metricsAddr+"/metrics", nil)
		if strings.Contains(metrics, "portfolio_mail_outbox_sent_total 2") && strings.Contains(metrics, "portfolio_mail_outbox_dead_total 0") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("metrics lack the outbox counters:\n%s", metrics)
		}
		time.Sleep(10 * time.Millisecond)
	}
	g.stop(t)
	for _, e := range g.logs.all() {
		if line, _ := json.Marshal(e); strings.Contains(string(line), password) {
			t.Errorf("password logged: %s", line)
		}
	}
}

func TestRunSMTPOutageLosesNothing(t *testing.T) {
	addr := downAddr(t)
	dataDir := filepath.Join(t.TempDir(), "data")
	g := startGateway(t, smtpEnv(addr, map[string]string{"PORTFOLIO_DATA_DIR": dataDir}))
	waitHealthy(t, g.addr)

	// The mail server is down: the visitor still gets 202, at once.
	if status, body := postContact(t, g.addr, contactJSON); status != http.StatusAccepted {
		t.Fatalf("POST during the outage = %d %s, want 202", status, body)
	}
	g.logs.waitFor(t, "contact: message accepted", g.done)
	g.logs.waitFor(t, "outbox: mail not sent, will retry", g.done)
	stored := storedMessages(t, filepath.Join(dataDir, "portfolio.db"))
	if len(stored) != 1 || stored[0].Email != "jane@example.org" {
		t.Fatalf("stored %+v, want the message", stored)
	}

	srv := smtptest.Start(t, smtptest.Options{Addr: addr}) // back up
	got := byRecipient(t, srv.Wait(t, 2, 10*time.Second))
	if len(got) != 2 {
		t.Fatalf("recipients %v", slices.Collect(maps.Keys(got)))
	}
	g.stop(t) // the worker has finished every attempt once run returns
	if n := len(srv.Messages()); n != 2 {
		t.Errorf("server got %d messages, want exactly 2", n)
	}
}

func TestRunDeliversQueuedMailAfterARestart(t *testing.T) {
	addr := downAddr(t)
	dataDir := filepath.Join(t.TempDir(), "data")
	env := smtpEnv(addr, map[string]string{"PORTFOLIO_DATA_DIR": dataDir})

	first := startGateway(t, env)
	waitHealthy(t, first.addr)
	if status, _ := postContact(t, first.addr, contactJSON); status != http.StatusAccepted {
		t.Fatalf("POST = %d", status)
	}
	first.logs.waitFor(t, "outbox: mail not sent, will retry", first.done)
	first.stop(t)

	srv := smtptest.Start(t, smtptest.Options{Addr: addr})
	second := startGateway(t, env)
	got := byRecipient(t, srv.Wait(t, 2, 10*time.Second))
	if _, ok := got["jane@example.org"]; !ok {
		t.Errorf("recipients %v", slices.Collect(maps.Keys(got)))
	}
	second.stop(t)
	if n := len(srv.Messages()); n != 2 {
		t.Errorf("server got %d messages, want exactly 2", n)
	}
}

func TestRunWritesMailToTheMaildirByDefault(t *testing.T) {
	dataDir := filepath.Join(t.TempDir(), "data")
	g := startGateway(t, map[string]string{"PORTFOLIO_DATA_DIR": dataDir})
	waitHealthy(t, g.addr)
	g.logs.waitFor(t, "mail: no SMTP host configured, email is written to the maildir", g.done)
	if status, body := postContact(t, g.addr, contactJSON); status != http.StatusAccepted {
		t.Fatalf("POST = %d %s", status, body)
	}
	var files []string
	deadline := time.Now().Add(10 * time.Second)
	for len(files) < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("%d .eml files, want 2", len(files))
		}
		time.Sleep(5 * time.Millisecond)
		files, _ = filepath.Glob(filepath.Join(dataDir, "maildir", "new", "*.eml"))
	}
	to := map[string]bool{}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		msg, err := netmail.ReadMessage(fh)
		if err != nil {
			t.Fatalf("%s does not parse: %v", f, err)
		}
		_ = fh.Close()
		list, err := msg.Header.AddressList("To")
		if err != nil || len(list) != 1 {
			t.Fatalf("%s: To %v %v", f, list, err)
		}
		to[list[0].Address] = true
	}
	// No owner email configured: content's owner.email gets the notification.
	if !to["you@example.com"] || !to["jane@example.org"] {
		t.Errorf("recipients %v", to)
	}
	// Each file is logged with its path (just after it appears).
	logged := func() int {
		n := 0
		for _, e := range g.logs.all() {
			if e["msg"] == "mail written to maildir" && strings.HasSuffix(fmt.Sprint(e["path"]), ".eml") {
				n++
			}
		}
		return n
	}
	for logged() < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("%d maildir log lines with a path, want 2", logged())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// storedMessages reads the contact messages from the gateway's database (sqldb.Open's
// dsn), as the admin page will.
func storedMessages(t *testing.T, dsn string) []contact.Message {
	t.Helper()
	return storedMessagesN(t, dsn, 10)
}
