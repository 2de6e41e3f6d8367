package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"github.com/portfolio-site/portfolio/services/gateway/internal/admin"
)

// TestHashPasswordCommand runs the sub-command as the owner does: it prints a hash of
// the production cost.
func TestHashPasswordCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	err := run(context.Background(), []string{"gateway", "hash-password"}, func(string) string { return "" },
		strings.NewReader("correct horse battery\n"), &stdout, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	hash := strings.TrimSuffix(stdout.String(), "\n")
	if strings.Contains(hash, "\n") {
		t.Fatalf("stdout = %q, want the hash alone on one line", stdout.String())
	}
	if err := admin.CheckPasswordHash(hash); err != nil {
		t.Fatalf("printed %q: %v", hash, err)
	}
	if cost, _ := bcrypt.Cost([]byte(hash)); cost != admin.PasswordCost {
		t.Errorf("cost %d, want %d", cost, admin.PasswordCost)
	}
	// Verifying it would take as long again (seconds under the race detector);
	// TestHashPasswordInput checks what the hash verifies.
	if !strings.Contains(stderr.String(), "PORTFOLIO_ADMIN_PASSWORD_HASH") {
		t.Errorf("stderr %q does not say where the hash goes", stderr.String())
	}
}

// TestHashPasswordInput reads the password as typed or piped; the cost is the lowest,
// for speed.
func TestHashPasswordInput(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		stdin    string
		password string // the password the printed hash must verify; empty: an error
		wantErr  string
	}{
		{name: "a line", stdin: "correct horse battery\n", password: "correct horse battery"},
		{name: "no final newline, spaces kept", stdin: " pass word ", password: " pass word "},
		{name: "CRLF", stdin: "pw-from-windows\r\nignored\n", password: "pw-from-windows"},
		{name: "empty", stdin: "\n", wantErr: "the password is empty"},
		{name: "nothing", stdin: "", wantErr: "the password is empty"},
		{name: "too long for bcrypt", stdin: strings.Repeat("x", 73), wantErr: "longer than 72 bytes"},
		{name: "a password as argument", args: []string{"hunter2"}, stdin: "x\n", wantErr: "reads the password from standard input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			err := hashPassword(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr, bcrypt.MinCost)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				if stdout.Len() > 0 {
					t.Errorf("printed %q on error", stdout.String())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			hash := strings.TrimSpace(stdout.String())
			if bcrypt.CompareHashAndPassword([]byte(hash), []byte(tt.password)) != nil {
				t.Errorf("the hash does not verify %q", tt.password)
			}
		})
	}
}
