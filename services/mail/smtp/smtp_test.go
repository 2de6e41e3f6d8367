package smtp_test

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	gosmtp "github.com/emersion/go-smtp"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/smtp"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
)

func message() mail.Message {
	return mail.Message{
		From:    mail.Address{Name: "Portfolio", Email: "no-reply@example.com"},
		To:      []mail.Address{{Name: "Owner", Email: "owner@example.com"}},
		ReplyTo: []mail.Address{{Name: "Jane", Email: "jane@example.org"}},
		Subject: "Hello",
		Text:    "text body",
		HTML:    "<p>html body</p>",
	}.WithDefaults(time.Now())
}

func TestSendModes(t *testing.T) {
	serverTLS, roots := smtptest.SelfSigned(t)
	clientTLS := &tls.Config{RootCAs: roots, ServerName: "127.0.0.1", MinVersion: tls.VersionTLS12}
	tests := []struct {
		name   string
		server smtptest.Options
		cfg    smtp.Config
	}{
		{"plain", smtptest.Options{}, smtp.Config{TLS: smtp.TLSNone}},
		{"plain with auth on localhost", smtptest.Options{Username: "user", Password: "s3cret"}, smtp.Config{TLS: smtp.TLSNone, Username: "user", Password: "s3cret"}},
		{"starttls with auth", smtptest.Options{TLS: serverTLS, Username: "user", Password: "s3cret"}, smtp.Config{TLS: smtp.TLSStartTLS, TLSConfig: clientTLS, Username: "user", Password: "s3cret"}},
		{"implicit tls", smtptest.Options{TLS: serverTLS, Implicit: true}, smtp.Config{TLS: smtp.TLSImplicit, TLSConfig: clientTLS}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := smtptest.Start(t, tt.server)
			cfg := tt.cfg
			cfg.Host, cfg.Port, cfg.Timeout = srv.Host, srv.Port, 5*time.Second
			tr, err := smtp.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			if s := tr.String(); strings.Contains(s, "s3cret") {
				t.Errorf("String() reveals the password: %s", s)
			}
			m := message()
			if err := tr.Send(context.Background(), m); err != nil {
				t.Fatalf("Send: %v", err)
			}
			got := srv.Messages()
			if len(got) != 1 {
				t.Fatalf("server got %d messages, want 1", len(got))
			}
			if got[0].From != "no-reply@example.com" || len(got[0].To) != 1 || got[0].To[0] != "owner@example.com" {
				t.Errorf("envelope = %s -> %v", got[0].From, got[0].To)
			}
			p, err := got[0].Parse()
			if err != nil {
				t.Fatal(err)
			}
			if p.Get("Message-Id") != "<"+m.MessageID+">" || p.Text != "text body" || p.HTML != "<p>html body</p>" {
				t.Errorf("message: id %q, text %q, html %q", p.Get("Message-Id"), p.Text, p.HTML)
			}
		})
	}
}

func TestSendFailures(t *testing.T) {
	t.Run("wrong password is temporary", func(t *testing.T) {
		srv := smtptest.Start(t, smtptest.Options{Username: "user", Password: "right"})
		tr := newTransport(t, srv.Host, srv.Port, func(c *smtp.Config) { c.Username, c.Password = "user", "wrong" })
		err := tr.Send(context.Background(), message())
		if err == nil || mail.IsPermanent(err) {
			t.Fatalf("Send = %v, want a temporary error (a fixed password makes it work)", err)
		}
		if strings.Contains(err.Error(), "wrong") {
			t.Errorf("error reveals the password: %v", err)
		}
	})
	t.Run("rejected recipient is permanent", func(t *testing.T) {
		srv := smtptest.Start(t, smtptest.Options{RejectRcpt: func(string) error {
			return &gosmtp.SMTPError{Code: 550, EnhancedCode: gosmtp.EnhancedCode{5, 1, 1}, Message: "No such user"}
		}})
		tr := newTransport(t, srv.Host, srv.Port, nil)
		if err := tr.Send(context.Background(), message()); !mail.IsPermanent(err) {
			t.Fatalf("Send = %v, want a permanent error", err)
		}
	})
	t.Run("busy recipient is temporary", func(t *testing.T) {
		srv := smtptest.Start(t, smtptest.Options{RejectRcpt: func(string) error {
			return &gosmtp.SMTPError{Code: 451, EnhancedCode: gosmtp.EnhancedCode{4, 3, 0}, Message: "Try later"}
		}})
		tr := newTransport(t, srv.Host, srv.Port, nil)
		err := tr.Send(context.Background(), message())
		if err == nil || mail.IsPermanent(err) {
			t.Fatalf("Send = %v, want a temporary error", err)
		}
		if want := "smtp: RCPT TO: 451 4.3.0 Try later"; err.Error() != want {
			t.Errorf("error = %q, want %q", err, want)
		}
	})
	// What the relay answers decides: a 5xx at any step of the message is permanent,
	// a 4xx is temporary, and the error keeps the reply for the outbox to record.
	for _, tt := range []struct {
		name      string
		opts      smtptest.Options
		permanent bool
		reply     string
	}{
		{"refused sender is permanent", smtptest.Options{RejectMail: func(string) error {
			return smtptest.Reply(550, "5.7.1", "sender rejected")
		}}, true, "550 5.7.1 sender rejected"},
		{"busy sender is temporary", smtptest.Options{RejectMail: func(string) error {
			return smtptest.Reply(421, "4.7.0", "too many connections")
		}}, false, "421 4.7.0 too many connections"},
		{"refused content is permanent", smtptest.Options{RejectData: func(smtptest.Message) error {
			return smtptest.Reply(554, "5.7.1", "message refused as spam")
		}}, true, "554 5.7.1 message refused as spam"},
		{"deferred content is temporary", smtptest.Options{RejectData: func(smtptest.Message) error {
			return smtptest.Reply(451, "4.3.0", "try later")
		}}, false, "451 4.3.0 try later"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv := smtptest.Start(t, tt.opts)
			tr := newTransport(t, srv.Host, srv.Port, nil)
			err := tr.Send(context.Background(), message())
			if err == nil || mail.IsPermanent(err) != tt.permanent {
				t.Fatalf("Send = %v, want permanent=%t", err, tt.permanent)
			}
			if !strings.Contains(err.Error(), tt.reply) {
				t.Errorf("error %q does not quote the reply %q", err, tt.reply)
			}
		})
	}
	t.Run("server down is temporary", func(t *testing.T) {
		host, port := freePort(t)
		tr := newTransport(t, host, port, nil)
		if err := tr.Send(context.Background(), message()); err == nil || mail.IsPermanent(err) {
			t.Fatalf("Send = %v, want a temporary error", err)
		}
	})
	t.Run("silent server times out with the context", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				defer c.Close() // accept, never greet
			}
		}()
		addr := ln.Addr().(*net.TCPAddr)
		tr := newTransport(t, "127.0.0.1", addr.Port, func(c *smtp.Config) { c.Timeout = 200 * time.Millisecond })
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		done := make(chan error, 1)
		go func() { done <- tr.Send(ctx, message()) }()
		select {
		case err := <-done:
			if err == nil {
				t.Fatal("Send to a silent server succeeded")
			}
		case <-time.After(10 * time.Second):
			t.Fatal("Send to a silent server did not give up")
		}
	})
	t.Run("header injection never reaches the server", func(t *testing.T) {
		srv := smtptest.Start(t, smtptest.Options{})
		tr := newTransport(t, srv.Host, srv.Port, nil)
		for _, change := range []func(*mail.Message){
			func(m *mail.Message) { m.Subject = "Hi\r\nBcc: victim@example.com" },
			func(m *mail.Message) { m.ReplyTo[0].Name = "Jane\nBcc: victim@example.com" },
			func(m *mail.Message) { m.To[0].Email = "owner@example.com\r\nBcc: victim@example.com" },
		} {
			m := message()
			change(&m)
			if err := tr.Send(context.Background(), m); !errors.Is(err, mail.ErrInvalid) {
				t.Errorf("Send = %v, want ErrInvalid", err)
			}
		}
		if n := len(srv.Messages()); n != 0 {
			t.Errorf("server got %d messages", n)
		}
	})
}

func TestNewRejectsBadConfig(t *testing.T) {
	for _, cfg := range []smtp.Config{
		{Port: 25},
		{Host: "mail.example.com", Port: 0},
		{Host: "mail.example.com", Port: 70000},
		{Host: "mail.example.com", Port: 25, TLS: "ssl"},
	} {
		if _, err := smtp.New(cfg); err == nil {
			t.Errorf("New(%+v) accepted", cfg)
		}
	}
}

func newTransport(t *testing.T, host string, port int, change func(*smtp.Config)) *smtp.Transport {
	t.Helper()
	cfg := smtp.Config{Host: host, Port: port, TLS: smtp.TLSNone, Timeout: 5 * time.Second}
	if change != nil {
		change(&cfg)
	}
	tr, err := smtp.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// freePort returns an address nothing listens on.
func freePort(t *testing.T) (string, int) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().(*net.TCPAddr)
	_ = ln.Close()
	return "127.0.0.1", addr.Port
}
