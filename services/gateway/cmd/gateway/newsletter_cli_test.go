package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// cli runs `gateway args...` with env and returns what it printed and its error.
func cli(t *testing.T, env map[string]string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(context.Background(), append([]string{"gateway"}, args...), func(k string) string { return env[k] }, strings.NewReader(""), &out, io.Discard)
	return out.String(), err
}

func TestNewsletterScheduleCommand(t *testing.T) {
	env := map[string]string{"PORTFOLIO_DATA_DIR": filepath.Join(t.TempDir(), "data")}
	at := time.Now().Add(24 * time.Hour).UTC().Truncate(time.Second).Format(time.RFC3339)
	steps := []struct {
		args    []string
		out     string
		wantErr string
	}{
		{[]string{"newsletter", "schedule", "2", at}, "edition 2 scheduled for " + at + "\n", ""},
		{[]string{"newsletter", "schedules"}, "2\t" + at + "\t#2 ", ""},
		{[]string{"newsletter", "schedule", "2", "tomorrow"}, "", `"tomorrow" is not a time in RFC 3339`},
		{[]string{"newsletter", "schedule", "2", "2020-01-01T00:00:00Z"}, "", "The time must be in the future."},
		{[]string{"newsletter", "schedule", "42", at}, "", "There is no such edition."},
		{[]string{"newsletter", "unschedule", "2"}, "edition 2 is no longer scheduled\n", ""},
		{[]string{"newsletter", "unschedule", "2"}, "", "This edition is not scheduled; one that has started cannot be cancelled."},
		{[]string{"newsletter", "schedules"}, "", ""},
		{[]string{"newsletter"}, "", "usage: gateway newsletter schedule"},
	}
	for _, s := range steps {
		out, err := cli(t, env, s.args...)
		switch {
		case s.wantErr == "" && err != nil:
			t.Errorf("%v: %v", s.args, err)
		case s.wantErr != "" && (err == nil || !strings.Contains(err.Error(), s.wantErr)):
			t.Errorf("%v: %v, want an error with %q", s.args, err, s.wantErr)
		case !strings.HasPrefix(out, s.out) || (s.out == "" && out != ""):
			t.Errorf("%v printed %q, want %q", s.args, out, s.out)
		}
	}
}

func TestDKIMRecordCommand(t *testing.T) {
	keyFile, signer := dkimKeyFile(t)
	env := map[string]string{
		"PORTFOLIO_DKIM_DOMAIN": "portfolio.test", "PORTFOLIO_DKIM_SELECTOR": "sel2026", "PORTFOLIO_DKIM_KEY_FILE": keyFile,
	}
	out, err := cli(t, env, "dkim-record")
	if err != nil {
		t.Fatal(err)
	}
	record, err := signer.Record()
	if err != nil {
		t.Fatal(err)
	}
	prefix := "sel2026._domainkey.portfolio.test. 3600 IN TXT "
	strs, ok := strings.CutPrefix(strings.TrimSuffix(out, "\n"), prefix)
	if !ok || strings.ReplaceAll(strings.Trim(strs, `"`), `" "`, "") != record {
		t.Errorf("printed %q, want %s and the strings of %q", out, prefix, record)
	}
	if _, err := cli(t, map[string]string{}, "dkim-record"); err == nil || !strings.Contains(err.Error(), "DKIM is off") {
		t.Errorf("without a key: %v", err)
	}
	env["PORTFOLIO_DKIM_KEY_FILE"] = filepath.Join(t.TempDir(), "missing.pem")
	if _, err := cli(t, env, "dkim-record"); err == nil || !strings.Contains(err.Error(), "PORTFOLIO_DKIM_KEY_FILE") {
		t.Errorf("a missing key file: %v", err)
	}
}
