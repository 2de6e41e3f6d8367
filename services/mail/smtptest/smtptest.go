// Package smtptest runs a real SMTP server (emersion/go-smtp) on 127.0.0.1 for tests:
// it records every message it accepts, with its envelope, and parses them back into
// headers and text/HTML parts. Optionally it requires AUTH PLAIN, offers STARTTLS or
// speaks implicit TLS with a self-signed certificate, or refuses senders, recipients
// or messages with the reply a test chooses (Reply), as a relay that is busy (4xx) or
// says no for good (5xx) would.
package smtptest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Options configure a Server. The zero value is a plain server on a free port.
type Options struct {
	// Addr to listen on; default "127.0.0.1:0". Tests that stop and restart a server
	// pass the address of the previous one.
	Addr string
	// Username and Password, if set, are required (AUTH PLAIN) before MAIL FROM.
	Username, Password string
	// TLS, if set, is offered with STARTTLS, or spoken from the first byte if Implicit.
	TLS      *tls.Config
	Implicit bool
	// RejectMail, if set, may refuse MAIL FROM with an error (Reply sets the code).
	RejectMail func(from string) error
	// RejectRcpt, if set, may refuse a recipient with an error (an *smtp.SMTPError sets
	// the reply code).
	RejectRcpt func(rcpt string) error
	// RejectData, if set, may refuse a message after its data was received (the reply
	// to the final "."); a refused message is not recorded.
	RejectData func(Message) error
	// OnMessage, if set, is called with each message accepted, after it is recorded.
	OnMessage func(Message)
}

// Message is what the server accepted: the envelope and the raw message.
type Message struct {
	From string   // MAIL FROM
	To   []string // RCPT TO, in order
	Data []byte   // the message as received (RFC 5322)
}

// Server is a running test SMTP server.
type Server struct {
	Addr string // host:port
	Host string
	Port int

	opts Options
	srv  *smtp.Server

	mu      sync.Mutex
	msgs    []Message
	changed chan struct{} // closed and replaced when a message arrives
	closed  bool
}

// Start starts a server and stops it when the test ends.
func Start(t testing.TB, opts Options) *Server {
	t.Helper()
	s, err := Listen(opts)
	if err != nil {
		t.Fatalf("smtptest: %v", err)
	}
	t.Cleanup(s.Close)
	return s
}

// Listen starts a server; the caller closes it.
func Listen(opts Options) (*Server, error) {
	addr := opts.Addr
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	var ln net.Listener
	var err error
	if opts.TLS != nil && opts.Implicit {
		ln, err = tls.Listen("tcp", addr, opts.TLS)
	} else {
		ln, err = net.Listen("tcp", addr)
	}
	if err != nil {
		return nil, err
	}
	host, portStr, _ := net.SplitHostPort(ln.Addr().String())
	port, _ := strconv.Atoi(portStr)
	s := &Server{Addr: ln.Addr().String(), Host: host, Port: port, opts: opts, changed: make(chan struct{})}

	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &session{server: s}, nil
	}))
	srv.Domain = "smtptest.localhost"
	srv.ReadTimeout = 10 * time.Second
	srv.WriteTimeout = 10 * time.Second
	srv.MaxMessageBytes = 10 << 20
	srv.MaxRecipients = 50
	srv.AllowInsecureAuth = true // tests authenticate over plain TCP on loopback
	if opts.TLS != nil && !opts.Implicit {
		srv.TLSConfig = opts.TLS // offers STARTTLS
	}
	s.srv = srv
	go func() { _ = srv.Serve(ln) }()
	return s, nil
}

// Close stops the server; connections in progress are cut.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	s.mu.Unlock()
	_ = s.srv.Close()
}

// Messages returns what the server accepted so far, in order.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// Wait returns the messages once at least n have arrived, failing the test after
// timeout.
func (s *Server) Wait(t testing.TB, n int, timeout time.Duration) []Message {
	t.Helper()
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		if len(s.msgs) >= n {
			msgs := append([]Message(nil), s.msgs...)
			s.mu.Unlock()
			return msgs
		}
		changed := s.changed
		got := len(s.msgs)
		s.mu.Unlock()
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("smtptest: %d of %d messages after %s", got, n, timeout)
		}
	}
}

func (s *Server) record(m Message) {
	s.mu.Lock()
	s.msgs = append(s.msgs, m)
	close(s.changed)
	s.changed = make(chan struct{})
	s.mu.Unlock()
	if s.opts.OnMessage != nil {
		s.opts.OnMessage(m)
	}
}

type session struct {
	server *Server
	authed bool
	from   string
	to     []string
}

var _ smtp.AuthSession = (*session)(nil)

func (ss *session) AuthMechanisms() []string {
	if ss.server.opts.Username == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (ss *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, username, password string) error {
		if username != ss.server.opts.Username || password != ss.server.opts.Password {
			return smtp.ErrAuthFailed
		}
		ss.authed = true
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if ss.server.opts.Username != "" && !ss.authed {
		return smtp.ErrAuthRequired
	}
	if f := ss.server.opts.RejectMail; f != nil {
		if err := f(from); err != nil {
			return err
		}
	}
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if f := ss.server.opts.RejectRcpt; f != nil {
		if err := f(to); err != nil {
			return err
		}
	}
	ss.to = append(ss.to, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	m := Message{From: ss.from, To: append([]string(nil), ss.to...), Data: data}
	if f := ss.server.opts.RejectData; f != nil {
		if err := f(m); err != nil {
			return err
		}
	}
	ss.server.record(m)
	return nil
}

// Reply is an SMTP reply for the Reject options: Reply(451, "4.3.0", "try later")
// answers "451 4.3.0 try later".
func Reply(code int, enhanced, text string) error {
	e := &smtp.SMTPError{Code: code, Message: text}
	if _, err := fmt.Sscanf(enhanced, "%d.%d.%d", &e.EnhancedCode[0], &e.EnhancedCode[1], &e.EnhancedCode[2]); err != nil {
		e.EnhancedCode = smtp.NoEnhancedCode
	}
	return e
}

// Failing returns a Reject function that answers reply to the first n calls and
// accepts after that: a relay that is busy for a while.
func Failing[T any](n int, reply error) func(T) error {
	var mu sync.Mutex
	calls := 0
	return func(T) error {
		mu.Lock()
		defer mu.Unlock()
		calls++
		if calls <= n {
			return reply
		}
		return nil
	}
}

func (ss *session) Reset() {
	ss.from = ""
	ss.to = nil
}

func (ss *session) Logout() error { return nil }

// Parsed is a message read back: its header (with encoded words decoded by Get) and
// its text/plain and text/html bodies, decoded.
type Parsed struct {
	Header      netmail.Header
	ContentType string // of the whole message, e.g. multipart/alternative
	Text        string
	HTML        string
}

// Get returns a header field, RFC 2047 encoded words decoded.
func (p Parsed) Get(name string) string {
	v := p.Header.Get(name)
	if d, err := new(mime.WordDecoder).DecodeHeader(v); err == nil {
		return d
	}
	return v
}

// Address parses an address header (From, Reply-To, To); empty if missing.
func (p Parsed) Address(name string) []*netmail.Address {
	list, err := p.Header.AddressList(name)
	if err != nil {
		return nil
	}
	return list
}

// Parse reads the message back.
func (m Message) Parse() (Parsed, error) { return Parse(m.Data) }

// Parse reads an RFC 5322 message: a single text part or a multipart/alternative (or
// mixed) of text/plain and text/html, quoted-printable or base64.
func Parse(data []byte) (Parsed, error) {
	msg, err := netmail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		return Parsed{}, err
	}
	p := Parsed{Header: msg.Header}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		return Parsed{}, fmt.Errorf("content-type: %w", err)
	}
	p.ContentType = mediaType
	if !strings.HasPrefix(mediaType, "multipart/") {
		body, err := decode(msg.Body, msg.Header.Get("Content-Transfer-Encoding"))
		if err != nil {
			return Parsed{}, err
		}
		p.setBody(mediaType, body)
		return p, nil
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Parsed{}, err
		}
		// NextPart already undoes quoted-printable (and drops the header).
		body, err := decode(part, part.Header.Get("Content-Transfer-Encoding"))
		if err != nil {
			return Parsed{}, err
		}
		pt, _, _ := mime.ParseMediaType(part.Header.Get("Content-Type"))
		p.setBody(pt, body)
	}
	return p, nil
}

func (p *Parsed) setBody(mediaType, body string) {
	switch mediaType {
	case "text/plain":
		p.Text = body
	case "text/html":
		p.HTML = body
	}
}

func decode(r io.Reader, cte string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(cte)) {
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, &lineJoiner{r: r})
	case "quoted-printable":
		r = quotedprintable.NewReader(r)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return "", err
	}
	return strings.ReplaceAll(string(b), "\r\n", "\n"), nil
}

// lineJoiner drops CR and LF, which base64 bodies have every 76 characters.
type lineJoiner struct{ r io.Reader }

func (l *lineJoiner) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	out := p[:0]
	for _, c := range p[:n] {
		if c != '\r' && c != '\n' {
			out = append(out, c)
		}
	}
	return len(out), err
}

// SelfSigned returns a TLS config for a server with a fresh self-signed certificate
// for 127.0.0.1 and localhost, and the pool a client needs to trust it.
func SelfSigned(t testing.TB) (server *tls.Config, roots *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "smtptest"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:         true,
		DNSNames:     []string{"localhost"},
		IPAddresses:  []net.IP{net.ParseIP("127.0.0.1")},

		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	roots = x509.NewCertPool()
	roots.AddCert(cert)
	return &tls.Config{
		Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key, Leaf: cert}},
		MinVersion:   tls.VersionTLS12,
	}, roots
}
