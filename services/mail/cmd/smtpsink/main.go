// Command smtpsink is an SMTP server for end-to-end tests and demos: it accepts every
// message (plain SMTP, no authentication, loopback by default), keeps them in memory,
// and shows them as JSON lines on stdout and, with -http, over a small HTTP API:
//
//	GET    /messages   every message received: envelope, headers, text and HTML parts
//	DELETE /messages   forget them
//
// The first stdout line says where it listens:
//
//	{"msg":"listening","smtp":"127.0.0.1:40123","http":"127.0.0.1:40124"}
//
// Point the gateway at it with PORTFOLIO_SMTP_HOST=127.0.0.1, PORTFOLIO_SMTP_PORT=<port>
// and PORTFOLIO_SMTP_TLS=none. It stops on SIGINT or SIGTERM.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/portfolio-site/portfolio/services/mail/smtptest"
)

func main() {
	if err := run(context.Background(), os.Args, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintf(os.Stderr, "smtpsink: %s\n", err)
		os.Exit(1)
	}
}

// received is a message as the API and stdout show it.
type received struct {
	From    string              `json:"from"`
	To      []string            `json:"to"`
	Subject string              `json:"subject"`
	Headers map[string][]string `json:"headers"`
	Text    string              `json:"text"`
	HTML    string              `json:"html"`
	// Raw is the message as it was received, byte for byte: what a DKIM verifier reads.
	Raw   string `json:"raw"`
	Error string `json:"error,omitempty"` // the message could not be parsed
}

func toReceived(m smtptest.Message) received {
	r := received{From: m.From, To: m.To, Raw: string(m.Data)}
	p, err := m.Parse()
	if err != nil {
		r.Error = err.Error()
		return r
	}
	r.Subject = p.Get("Subject")
	r.Headers = map[string][]string(p.Header)
	r.Text, r.HTML = p.Text, p.HTML
	return r
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	flags := flag.NewFlagSet(args[0], flag.ContinueOnError)
	flags.SetOutput(stderr)
	smtpAddr := flags.String("addr", "127.0.0.1:0", "SMTP listen address")
	httpAddr := flags.String("http", "", "HTTP API listen address (empty: no API)")
	if err := flags.Parse(args[1:]); err != nil {
		return err
	}

	var outMu sync.Mutex
	emit := func(v any) {
		outMu.Lock()
		defer outMu.Unlock()
		_ = json.NewEncoder(stdout).Encode(v)
	}
	type event struct {
		Msg string `json:"msg"`
		received
	}
	srv, err := smtptest.Listen(smtptest.Options{
		Addr:      *smtpAddr,
		OnMessage: func(m smtptest.Message) { emit(event{Msg: "message", received: toReceived(m)}) },
	})
	if err != nil {
		return fmt.Errorf("smtp: %w", err)
	}
	defer srv.Close()

	var cleared sync.Mutex
	skip := 0 // messages before the last DELETE
	listening := map[string]string{"msg": "listening", "smtp": srv.Addr}
	if *httpAddr != "" {
		ln, err := net.Listen("tcp", *httpAddr)
		if err != nil {
			return fmt.Errorf("http: %w", err)
		}
		mux := http.NewServeMux()
		mux.HandleFunc("GET /messages", func(w http.ResponseWriter, _ *http.Request) {
			cleared.Lock()
			msgs := srv.Messages()[skip:]
			cleared.Unlock()
			out := make([]received, 0, len(msgs))
			for _, m := range msgs {
				out = append(out, toReceived(m))
			}
			w.Header().Set("Content-Type", "application/json")
			_ = json.NewEncoder(w).Encode(out)
		})
		mux.HandleFunc("DELETE /messages", func(w http.ResponseWriter, _ *http.Request) {
			cleared.Lock()
			skip = len(srv.Messages())
			cleared.Unlock()
			w.WriteHeader(http.StatusNoContent)
		})
		hs := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
		go func() { _ = hs.Serve(ln) }()
		defer func() { _ = hs.Close() }()
		listening["http"] = ln.Addr().String()
	}
	emit(listening)
	<-ctx.Done()
	return nil
}
