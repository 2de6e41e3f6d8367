// Package smtp sends mail.Messages to an SMTP server with go-mail: one connection per
// message, plain, STARTTLS or implicit TLS, optional authentication.
package smtp

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"

	"github.com/portfolio-site/portfolio/services/mail"
)

// TLSMode is how the connection to the server is secured.
type TLSMode string

const (
	// TLSNone speaks plain SMTP (a local relay or a test server). Authentication is then
	// only allowed to a server on localhost.
	TLSNone TLSMode = "none"
	// TLSStartTLS connects in plain text and requires the STARTTLS upgrade (usually port 587).
	TLSStartTLS TLSMode = "starttls"
	// TLSImplicit connects over TLS from the first byte (usually port 465).
	TLSImplicit TLSMode = "tls"
)

// Modes are the valid TLS modes.
var Modes = []TLSMode{TLSNone, TLSStartTLS, TLSImplicit}

// Config is where and how to connect.
type Config struct {
	Host     string
	Port     int
	Username string // empty: no authentication
	Password string
	TLS      TLSMode
	// Timeout bounds connecting and each command; the caller's context bounds the whole
	// attempt.
	Timeout time.Duration
	// TLSConfig overrides the TLS settings (tests trust their own certificate with it).
	TLSConfig *tls.Config
	// HELO is the name the client greets with; empty uses the machine's host name.
	HELO string
	// Signer, if set, signs each message as it is sent (mail/dkim): every attempt is
	// signed anew (docs/decisions/0058).
	Signer mail.Signer
}

// Transport sends each message over its own connection. It is safe for concurrent use.
type Transport struct {
	cfg Config
}

// New checks cfg and returns a transport. It does not connect.
func New(cfg Config) (*Transport, error) {
	switch {
	case cfg.Host == "":
		return nil, errors.New("smtp: no host")
	case cfg.Port < 1 || cfg.Port > 65535:
		return nil, fmt.Errorf("smtp: port %d out of range", cfg.Port)
	}
	switch cfg.TLS {
	case TLSNone, TLSStartTLS, TLSImplicit:
	case "":
		cfg.TLS = TLSStartTLS
	default:
		return nil, fmt.Errorf("smtp: TLS mode %q is not one of none, starttls, tls", cfg.TLS)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	return &Transport{cfg: cfg}, nil
}

// String describes the transport for logs, without the password.
func (t *Transport) String() string {
	return fmt.Sprintf("smtp://%s:%d (tls=%s, auth=%t)", t.cfg.Host, t.cfg.Port, t.cfg.TLS, t.cfg.Username != "")
}

// Send delivers m. Once the server has accepted the message (DATA answered 250) Send
// reports success even if closing the session fails afterwards, so that the outbox
// marks it sent rather than sending it twice. A sender, recipient or content the
// server refuses for good (a 5xx reply) is reported as mail.Permanent.
func (t *Transport) Send(ctx context.Context, m mail.Message) error {
	msg, err := mail.ComposeSigned(m, t.cfg.Signer)
	if err != nil {
		return err
	}
	client, err := t.client()
	if err != nil {
		return err
	}
	err = client.DialAndSendWithContext(ctx, msg)
	if msg.IsDelivered() {
		return nil
	}
	if err == nil {
		return errors.New("smtp: message not accepted by the server")
	}
	err = withReply(err)
	if permanent(err) {
		return mail.Permanent(err)
	}
	return err
}

// replyError is the server's reply to one step of a send, such as
// "smtp: RCPT TO: 451 4.3.0 try later": what the outbox records as the reason.
type replyError struct {
	step, reply string
	err         *gomail.SendError
}

func (e *replyError) Error() string { return "smtp: " + e.step + ": " + e.reply }
func (e *replyError) Unwrap() error { return e.err }

// quotedReply finds the server's reply in go-mail's error text, where it appears as
// code "text" (551 "5.1.1 no such user").
var quotedReply = regexp.MustCompile(`\b([2-5][0-9][0-9]) ("(?:[^"\\]|\\.)*")`)

// steps name the send steps whose reply an error carries.
var steps = map[gomail.SendErrReason]string{
	gomail.ErrSMTPMailFrom:  "MAIL FROM",
	gomail.ErrSMTPRcptTo:    "RCPT TO",
	gomail.ErrSMTPData:      "DATA",
	gomail.ErrSMTPDataClose: "end of DATA",
	gomail.ErrSMTPReset:     "RSET",
}

// withReply turns go-mail's error into one that says which step failed with which
// reply, without the noise of go-mail's text (the affected Message-ID and
// recipients); other errors (a connection that fails) keep their text.
func withReply(err error) error {
	var se *gomail.SendError
	if errors.As(err, &se) {
		if step, ok := steps[se.Reason]; ok {
			if m := quotedReply.FindStringSubmatch(se.Error()); m != nil {
				if text, uerr := strconv.Unquote(m[2]); uerr == nil {
					return &replyError{step: step, reply: m[1] + " " + text, err: se}
				}
			}
		}
	}
	return fmt.Errorf("smtp: %w", err)
}

// permanent reports whether err is the server refusing this message for good: a 5xx
// reply to MAIL FROM, RCPT TO, DATA or the end of the data, as a relay answers for an
// unknown recipient, a refused sender or content. A 4xx reply, a connection that
// fails or drops, and a failed greeting, STARTTLS or AUTH (the relay or our
// configuration, not the message) are temporary: the outbox tries again. The error
// text keeps the server's reply ("451 4.3.0 try later") for the outbox to record.
func permanent(err error) bool {
	var se *gomail.SendError
	if !errors.As(err, &se) || se.IsTemp() || se.ErrorCode() < 500 || se.ErrorCode() > 599 {
		return false
	}
	switch se.Reason {
	case gomail.ErrSMTPMailFrom, gomail.ErrSMTPRcptTo, gomail.ErrSMTPData, gomail.ErrSMTPDataClose:
		return true
	}
	return false
}

func (t *Transport) client() (*gomail.Client, error) {
	opts := []gomail.Option{
		gomail.WithPort(t.cfg.Port),
		gomail.WithTimeout(t.cfg.Timeout),
		gomail.WithoutRset(), // one message per connection
	}
	switch t.cfg.TLS {
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	case TLSStartTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL())
	}
	if t.cfg.TLSConfig != nil {
		opts = append(opts, gomail.WithTLSConfig(t.cfg.TLSConfig))
	}
	if t.cfg.HELO != "" {
		opts = append(opts, gomail.WithHELO(t.cfg.HELO))
	}
	if t.cfg.Username != "" {
		// Over TLS, the strongest mechanism the server offers. Without TLS, PLAIN, which
		// go-mail only sends to a server on localhost: a password never crosses a
		// network in clear text.
		auth := gomail.SMTPAuthAutoDiscover
		if t.cfg.TLS == TLSNone {
			auth = gomail.SMTPAuthPlain
		}
		opts = append(opts,
			gomail.WithSMTPAuth(auth),
			gomail.WithUsername(t.cfg.Username),
			gomail.WithPassword(t.cfg.Password),
		)
	}
	c, err := gomail.NewClient(t.cfg.Host, opts...)
	if err != nil {
		return nil, fmt.Errorf("smtp: %w", err)
	}
	return c, nil
}
