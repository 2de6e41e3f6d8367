package main

import (
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"golang.org/x/crypto/ssh"

	"github.com/portfolio-site/portfolio/services/gateway/internal/release/releasetest"
	"github.com/portfolio-site/portfolio/services/gateway/internal/webtest"
)

// contractPath is the API's one contract (docs/decisions/0064-one-api-contract.md).
const contractPath = "../../../../docs/openapi.yaml"

// loadContract loads and validates the OpenAPI document.
func loadContract(t *testing.T) *openapi3.T {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile(contractPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(loader.Context); err != nil {
		t.Fatalf("%s is not a valid OpenAPI document: %v", contractPath, err)
	}
	return doc
}

// contractClient calls a running gateway and checks every request and answer against
// the contract: the answer's status must be documented for its operation, its body
// and headers must fit the documented schema, and a request the contract refuses must
// be refused by the gateway too (4xx). It records the operations and statuses seen.
type contractClient struct {
	t      *testing.T
	router routers.Router
	http   *http.Client
	seen   map[string]map[int]bool // operationId → statuses
}

func newContractClient(t *testing.T, doc *openapi3.T) *contractClient {
	t.Helper()
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &contractClient{t: t, router: router, seen: map[string]map[int]bool{}, http: &http.Client{
		Jar:     jar,
		Timeout: 20 * time.Second,
		// A redirect is an answer of its own (GET /api/preview/leave).
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// apiCall is one request; the Origin is its base's unless header says otherwise.
type apiCall struct {
	method, base, path string
	contentType, body  string
	header             map[string]string
	want               int
}

// do makes c, checks it and its answer against the contract, and returns the body.
func (c *contractClient) do(call apiCall) string {
	t := c.t
	t.Helper()
	name := call.method + " " + call.path
	req, err := http.NewRequestWithContext(context.Background(), call.method, call.base+call.path, strings.NewReader(call.body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Origin", call.base)
	if call.contentType != "" {
		req.Header.Set("Content-Type", call.contentType)
	}
	for k, v := range call.header {
		req.Header.Set(k, v)
	}
	route, params, err := c.router.FindRoute(req)
	if err != nil {
		t.Errorf("%s: not in the contract: %v", name, err)
		return ""
	}
	opts := &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc, MultiError: true, IncludeResponseStatus: true}
	if mt, _, _ := mime.ParseMediaType(call.contentType); mt == "application/gzip" {
		opts.ExcludeRequestBody = true // an artifact: opaque bytes
	}
	check := req.Clone(req.Context())
	check.Body = io.NopCloser(strings.NewReader(call.body))
	in := &openapi3filter.RequestValidationInput{Request: check, PathParams: params, Route: route, Options: opts}
	refused := openapi3filter.ValidateRequest(req.Context(), in)

	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	op := route.Operation.OperationID
	if c.seen[op] == nil {
		c.seen[op] = map[int]bool{}
	}
	c.seen[op][resp.StatusCode] = true
	if resp.StatusCode != call.want {
		t.Errorf("%s: %d %s, want %d", name, resp.StatusCode, body, call.want)
	}
	if refused != nil && resp.StatusCode < 400 {
		t.Errorf("%s: the gateway took (%d) a request the contract refuses: %v", name, resp.StatusCode, refused)
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: resp.StatusCode, Header: resp.Header, Options: opts}
	out.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(req.Context(), out); err != nil {
		t.Errorf("%s: answer %d %s does not fit the contract: %v", name, resp.StatusCode, body, err)
	}
	return string(body)
}

// TestTheGatewayKeepsTheContract calls every operation of docs/openapi.yaml on a
// running gateway (run(), a SQLite file, every part wired as in production): each
// answer, errors included, must be one the document describes, and every operation and
// every success status it documents must have been answered.
func TestTheGatewayKeepsTheContract(t *testing.T) {
	doc := loadContract(t)
	c := newContractClient(t, doc)

	sendGridKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKIXPublicKey(&sendGridKey.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	const eventsSecret = "contract events secret"
	env := adminEnv(t, map[string]string{
		"PORTFOLIO_DATA_DIR":             filepath.Join(t.TempDir(), "data"),
		"PORTFOLIO_WEB_DIR":              webtest.Build(t),
		"PORTFOLIO_METRICS_ADDR":         "off",
		"PORTFOLIO_MAIL_EVENTS_SECRET":   eventsSecret,
		"PORTFOLIO_SENDGRID_WEBHOOK_KEY": base64.StdEncoding.EncodeToString(der),
	})
	g := startGateway(t, env)
	pub, adm := "http://"+g.addr, "http://"+g.adminAddr
	token, err := sectionsCLI(t, env, "token", "create", "blog", "--ttl", "1h")
	if err != nil {
		t.Fatal(err)
	}
	bearer := map[string]string{"Authorization": "Bearer " + strings.TrimSpace(token)}
	artifact := releasetest.Artifact(t, releasetest.Build(t, "blog", "2.0.0-c", "v2", releasetest.Post("contract", "Contract")))
	const bounced = "bounced@example.org"
	generic := fmt.Sprintf(`{"events":[{"type":"bounce","bounce":"hard","email":%q,"detail":"550 5.1.1"}]}`, bounced)
	sendGrid := `[{"event":"delivered","email":"reader@example.org","sg_event_id":"ev-1","timestamp":1767225600}]`
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	sum := sha256.Sum256([]byte(ts + sendGrid))
	sig, err := ecdsa.SignASN1(rand.Reader, sendGridKey, sum[:])
	if err != nil {
		t.Fatal(err)
	}
	const signIn = `{"user":"owner","password":"s3cret admin pw"}`
	future := time.Now().Add(24 * time.Hour).UTC().Format(time.RFC3339)
	jsonType := "application/json"

	for _, call := range []apiCall{
		{method: http.MethodGet, base: pub, path: "/healthz", want: 200},
		{method: http.MethodGet, base: adm, path: "/readyz", want: 200},
		{method: http.MethodGet, base: pub, path: "/api/newsletter/stats", want: 200},
		{method: http.MethodPost, base: pub, path: "/api/contact", contentType: jsonType, body: `{"name":"Ann Reader","email":"ann@example.org","subject":"collaboration","message":"Hello there, a message long enough.","website":""}`, want: 202},
		{method: http.MethodPost, base: pub, path: "/api/contact", contentType: jsonType, body: `{"name":"Ann Reader","email":"nobody","subject":"collaboration","message":"Hello there, a message long enough.","website":""}`, want: 400},
		{method: http.MethodPost, base: pub, path: "/api/contact", contentType: "text/plain", body: `{}`, want: 415},
		{method: http.MethodPost, base: pub, path: "/api/contact", contentType: jsonType, body: `{}`, header: map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, want: 403},
		{method: http.MethodPost, base: pub, path: "/api/newsletter/subscriptions", contentType: jsonType, body: `{"email":"reader@example.org","name":"","website":"","page":"/newsletter"}`, want: 202},
		{method: http.MethodPost, base: pub, path: "/api/newsletter/subscriptions", contentType: jsonType, body: `{"email":"reader@example.org","name":"A"}`, want: 400},
		{method: http.MethodPost, base: pub, path: "/api/pageviews", contentType: "text/plain;charset=UTF-8", body: `{"path":"/blog","referrer":""}`, want: 204},
		{method: http.MethodPost, base: pub, path: "/api/pageviews", contentType: "text/plain;charset=UTF-8", body: `not json`, want: 400},
		{method: http.MethodPost, base: pub, path: "/api/vitals", contentType: "text/plain;charset=UTF-8", body: `{"path":"/blog","versions":{"blog":"shipped"},"metrics":{"lcp":1200,"cls":0.01},"errors":0}`, want: 204},
		{method: http.MethodPost, base: pub, path: "/api/vitals", contentType: jsonType, body: `{"path":"/blog"}`, want: 415},
		{method: http.MethodGet, base: pub, path: "/api/preview/leave", want: 303},
		{method: http.MethodPost, base: pub, path: "/api/mail/events", contentType: jsonType, body: generic, header: map[string]string{"X-Portfolio-Signature": "sha256=" + hmacHex(eventsSecret, generic)}, want: 200},
		{method: http.MethodPost, base: pub, path: "/api/mail/events", contentType: jsonType, body: generic, header: map[string]string{"X-Portfolio-Signature": "sha256=00"}, want: 401},
		{method: http.MethodPost, base: pub, path: "/api/mail/events/sendgrid", contentType: jsonType, body: sendGrid, header: map[string]string{
			"X-Twilio-Email-Event-Webhook-Signature": base64.StdEncoding.EncodeToString(sig), "X-Twilio-Email-Event-Webhook-Timestamp": ts,
		}, want: 200},
		{method: http.MethodPost, base: pub, path: "/api/mail/events/sendgrid", contentType: jsonType, body: sendGrid, header: map[string]string{
			"X-Twilio-Email-Event-Webhook-Signature": "AAAA", "X-Twilio-Email-Event-Webhook-Timestamp": ts,
		}, want: 401},

		// CI's deploy API.
		{method: http.MethodPost, base: pub, path: "/api/sections/blog/releases", contentType: "application/gzip", body: string(artifact), want: 401},
		{method: http.MethodPost, base: pub, path: "/api/sections/blog/releases", contentType: "application/gzip", body: string(artifact[:len(artifact)/2]), header: bearer, want: 400},
		{method: http.MethodPost, base: pub, path: "/api/sections/blog/releases", contentType: "application/gzip", body: string(artifact), header: bearer, want: 201},
		{method: http.MethodPost, base: pub, path: "/api/sections/newsletter/promote", contentType: jsonType, body: `{"version":"2.0.0-c"}`, header: bearer, want: 403},
		{method: http.MethodPost, base: pub, path: "/api/sections/blog/promote", contentType: jsonType, body: `{"version":"2.0.0-c"}`, header: bearer, want: 200},
		{method: http.MethodPost, base: pub, path: "/api/sections/blog/rollback", header: bearer, want: 200},
		{method: http.MethodPost, base: pub, path: "/api/sections/blog/rollback", header: bearer, want: 409},

		// The admin, signed out.
		{method: http.MethodGet, base: adm, path: "/api/admin/session", want: 200},
		{method: http.MethodGet, base: adm, path: "/api/admin/stats", want: 401},
		{method: http.MethodGet, base: adm, path: "/api/admin/stats", header: map[string]string{"Origin": pub, "Sec-Fetch-Site": "same-site"}, want: 403},
		{method: http.MethodPost, base: adm, path: "/api/admin/setup", contentType: jsonType, body: `{"token":"x","user":"owner","password":"another long password"}`, want: 409},
		{method: http.MethodPost, base: adm, path: "/api/admin/session", contentType: jsonType, body: `{"user":"owner","password":"wrong password"}`, want: 401},
		{method: http.MethodPost, base: adm, path: "/api/admin/session", contentType: jsonType, body: signIn, want: 204},

		// Signed in.
		{method: http.MethodGet, base: adm, path: "/api/admin/session", want: 200},
		{method: http.MethodGet, base: adm, path: "/api/admin/stats", want: 200},
		{method: http.MethodGet, base: adm, path: "/api/admin/editions", want: 200},
		{method: http.MethodGet, base: adm, path: "/api/admin/editions/1/preview", want: 200},
		{method: http.MethodGet, base: adm, path: "/api/admin/editions/999/preview", want: 404},
		{method: http.MethodPost, base: adm, path: "/api/admin/editions/1/test", want: 202},
		{method: http.MethodPost, base: adm, path: "/api/admin/editions/999/test", want: 404},
		{method: http.MethodPut, base: adm, path: "/api/admin/editions/1/schedule", contentType: jsonType, body: `{"at":"` + future + `"}`, want: 200},
		{method: http.MethodPut, base: adm, path: "/api/admin/editions/1/schedule", contentType: jsonType, body: `{"at":"tomorrow"}`, want: 400},
		{method: http.MethodDelete, base: adm, path: "/api/admin/editions/1/schedule", want: 204},
		{method: http.MethodDelete, base: adm, path: "/api/admin/editions/1/schedule", want: 404},
		{method: http.MethodPost, base: adm, path: "/api/admin/editions/1/publish", want: 200},
		{method: http.MethodPost, base: adm, path: "/api/admin/editions/999/publish", want: 404},
		{method: http.MethodGet, base: adm, path: "/api/admin/editions", want: 200},
		{method: http.MethodGet, base: adm, path: "/api/admin/subscribers?page=1&perPage=50&state=unconfirmed", want: 200},
		{method: http.MethodGet, base: adm, path: "/api/admin/subscribers?perPage=0", want: 400},
		{method: http.MethodGet, base: adm, path: "/api/admin/subscribers.csv", want: 200},
		{method: http.MethodPost, base: adm, path: "/api/admin/subscribers/import", contentType: "text/csv", body: "email,name\nimported@example.org,Imp Orted\nnot-an-address,X\n", want: 200},
		{method: http.MethodPost, base: adm, path: "/api/admin/subscribers/import", contentType: "text/csv", body: "name\nX\n", want: 400},
		{method: http.MethodPost, base: adm, path: "/api/admin/subscribers/import", contentType: jsonType, body: `{}`, want: 415},
		{method: http.MethodGet, base: adm, path: "/api/admin/messages?limit=50", want: 200},
		{method: http.MethodGet, base: adm, path: "/api/admin/messages?limit=0", want: 400},
		{method: http.MethodGet, base: adm, path: "/api/admin/mail?limit=0", want: 400},
		{method: http.MethodGet, base: adm, path: "/api/admin/traffic?days=30", want: 200},
		{method: http.MethodGet, base: adm, path: "/api/admin/traffic?days=5", want: 400},
		{method: http.MethodGet, base: adm, path: "/api/admin/suppressions", want: 200},
		{method: http.MethodDelete, base: adm, path: "/api/admin/suppressions", want: 400},
		{method: http.MethodDelete, base: adm, path: "/api/admin/suppressions?email=nobody@example.org", want: 404},
		{method: http.MethodGet, base: adm, path: "/api/admin/sections", want: 200},
		{method: http.MethodPost, base: adm, path: "/api/admin/sections/blog/promote", contentType: jsonType, body: `{"version":"7.7.7"}`, want: 404},
		{method: http.MethodPost, base: adm, path: "/api/admin/sections/blog/promote", contentType: jsonType, body: `{"version":"2.0.0-c","percent":150}`, want: 400},
		{method: http.MethodPost, base: adm, path: "/api/admin/sections/blog/promote", contentType: jsonType, body: `{"version":"2.0.0-c","percent":10}`, want: 200},
		{method: http.MethodGet, base: adm, path: "/api/admin/sections", want: 200},
		{method: http.MethodPost, base: adm, path: "/api/admin/sections/blog/rollback", want: 200},
		{method: http.MethodPost, base: adm, path: "/api/admin/sections/blog/promote", contentType: jsonType, body: `{"version":"2.0.0-c"}`, want: 200},
		{method: http.MethodPost, base: adm, path: "/api/admin/sections/blog/rollback", want: 200},
		{method: http.MethodPost, base: adm, path: "/api/admin/sections/blog/rollback", want: 409},
		{method: http.MethodPost, base: adm, path: "/api/admin/sections/blog/preview", contentType: jsonType, body: `{"version":"2.0.0-c"}`, want: 200},
		{method: http.MethodPost, base: adm, path: "/api/admin/sections/blog/preview", contentType: jsonType, body: `{"version":"7.7.7"}`, want: 404},
		{method: http.MethodGet, base: adm, path: "/api/admin/sections/blog/keys", want: 200},
		{method: http.MethodPost, base: adm, path: "/api/admin/sections/blog/keys", contentType: jsonType, body: `{"publicKey":"not a key"}`, want: 400},
		{method: http.MethodDelete, base: adm, path: "/api/admin/sections/blog/keys", want: 400},
		{method: http.MethodDelete, base: adm, path: "/api/admin/sections/blog/keys?fingerprint=SHA256:none", want: 404},
	} {
		c.do(call)
	}

	// A signing key, added, listed in the overview and removed.
	key := sshPublicKey(t)
	var added struct{ Fingerprint string }
	addKey := apiCall{method: http.MethodPost, base: adm, path: "/api/admin/sections/blog/keys", contentType: jsonType, body: fmt.Sprintf(`{"publicKey":%q}`, key), want: 201}
	if err := json.Unmarshal([]byte(c.do(addKey)), &added); err != nil || added.Fingerprint == "" {
		t.Fatalf("the added key has no fingerprint: %v", err)
	}
	addKey.want = 409
	c.do(addKey)
	c.do(apiCall{method: http.MethodGet, base: adm, path: "/api/admin/sections", want: 200})
	c.do(apiCall{method: http.MethodDelete, base: adm, path: "/api/admin/sections/blog/keys?fingerprint=" + url.QueryEscape(added.Fingerprint), want: 204})

	// The hard bounce above suppressed an address: its confirmation email becomes dead
	// in the outbox, which the admin lists; the suppression is lifted and the email
	// retried.
	c.do(apiCall{method: http.MethodPost, base: pub, path: "/api/newsletter/subscriptions", contentType: jsonType, body: fmt.Sprintf(`{"email":%q}`, bounced), want: 202})
	type troubled struct {
		ID     int
		Status string
	}
	var mail struct{ Items []troubled }
	isDead := func(m troubled) bool { return m.Status == "dead" }
	waitUntil(t, func() bool {
		body := c.do(apiCall{method: http.MethodGet, base: adm, path: "/api/admin/mail?limit=50", want: 200})
		return json.Unmarshal([]byte(body), &mail) == nil && slices.ContainsFunc(mail.Items, isDead)
	})
	dead := mail.Items[slices.IndexFunc(mail.Items, isDead)].ID
	// The suppression is lifted first: a retried email to a suppressed address goes dead
	// again as soon as the worker sees it, and could be retried a second time; lifted,
	// it is pending or sent, neither of which a retry takes.
	c.do(apiCall{method: http.MethodGet, base: adm, path: "/api/admin/suppressions", want: 200})
	c.do(apiCall{method: http.MethodDelete, base: adm, path: "/api/admin/suppressions?email=" + bounced, want: 204})
	retry := apiCall{method: http.MethodPost, base: adm, path: fmt.Sprintf("/api/admin/mail/%d/retry", dead), want: 200}
	c.do(retry)
	retry.want = 409
	c.do(retry)
	c.do(apiCall{method: http.MethodPost, base: adm, path: "/api/admin/mail/99999/retry", want: 404})
	c.do(apiCall{method: http.MethodDelete, base: adm, path: "/api/admin/session", want: 204})
	c.do(apiCall{method: http.MethodGet, base: adm, path: "/api/admin/session", want: 200})

	// A gateway with no admin yet: closed but for the probe and the first-run setup.
	fresh := startGateway(t, map[string]string{"PORTFOLIO_ADMIN_PASSWORD_COST": "4", "PORTFOLIO_METRICS_ADDR": "off"})
	waitHealthy(t, fresh.addr)
	setupToken := tokenOf(t, fresh.setupLink())
	adm = "http://" + fresh.adminAddr
	c.do(apiCall{method: http.MethodGet, base: adm, path: "/api/admin/session", want: 200})
	c.do(apiCall{method: http.MethodGet, base: adm, path: "/api/admin/stats", want: 503})
	setup := func(password string, want int) {
		c.do(apiCall{method: http.MethodPost, base: adm, path: "/api/admin/setup", contentType: jsonType, body: fmt.Sprintf(`{"token":%q,"user":"jane","password":%q}`, setupToken, password), want: want})
	}
	setup("short", 400)
	setup("a long enough password", 204)

	// Every operation answered, with every success it documents.
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			seen := c.seen[op.OperationID]
			if len(seen) == 0 {
				t.Errorf("%s %s (%s): never called", method, path, op.OperationID)
				continue
			}
			for status := range op.Responses.Map() {
				if code, _ := strconv.Atoi(status); code < 400 && !seen[code] {
					t.Errorf("%s %s (%s): never answered %d", method, path, op.OperationID, code)
				}
			}
		}
	}
}

func hmacHex(secret, body string) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(body))
	return hex.EncodeToString(m.Sum(nil))
}

// sshPublicKey is a new Ed25519 public key as a .pub file's line.
func sshPublicKey(t *testing.T) string {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	key, err := ssh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(key))) + " ci@contract"
}
