package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/smtp"
)

func TestSink(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"smtpsink", "-http", "127.0.0.1:0"}, pw, io.Discard)
		_ = pw.Close()
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run = %v", err)
		}
	})
	lines := bufio.NewScanner(pr)
	next := func() map[string]any {
		t.Helper()
		if !lines.Scan() {
			t.Fatal("no more output")
		}
		var v map[string]any
		if err := json.Unmarshal(lines.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	first := next()
	smtpAddr, _ := first["smtp"].(string)
	httpAddr, _ := first["http"].(string)
	if first["msg"] != "listening" || smtpAddr == "" || httpAddr == "" {
		t.Fatalf("first line %v", first)
	}

	host, portStr, _ := net.SplitHostPort(smtpAddr)
	port, _ := strconv.Atoi(portStr)
	tr, err := smtp.New(smtp.Config{Host: host, Port: port, TLS: smtp.TLSNone, Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	sent := make(chan error, 1)
	go func() {
		m := mail.Message{
			From:    mail.Address{Email: "no-reply@example.com"},
			To:      []mail.Address{{Email: "jane@example.org"}},
			Subject: "Grüße",
			Text:    "hello",
			HTML:    "<p>hello</p>",
		}
		sent <- tr.Send(context.Background(), m)
	}()
	if got := next(); got["msg"] != "message" || got["subject"] != "Grüße" || got["text"] != "hello" {
		t.Errorf("message line %v", got)
	}
	// The sink prints the message before the client has its reply and has quit: wait
	// for the whole conversation, or stopping the sink below would cut it.
	if err := <-sent; err != nil {
		t.Fatal(err)
	}

	get := func() []received {
		t.Helper()
		resp, err := http.Get("http://" + httpAddr + "/messages")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out []received
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if got := get(); len(got) != 1 || got[0].To[0] != "jane@example.org" || got[0].HTML != "<p>hello</p>" ||
		!strings.Contains(got[0].Raw, "\r\nTo: <jane@example.org>\r\n") || !strings.Contains(got[0].Raw, "\r\n\r\n") {
		t.Errorf("GET /messages = %+v", got)
	}
	req, _ := http.NewRequest(http.MethodDelete, "http://"+httpAddr+"/messages", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if got := get(); len(got) != 0 {
		t.Errorf("after DELETE: %d messages", len(got))
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }() // let run finish writing
}
