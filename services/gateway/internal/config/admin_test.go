package config_test

import (
	"strings"
	"testing"
	"time"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
)

// A bcrypt hash of "correct horse" (cost 4), as `gateway hash-password` prints one.
const testHash = "$2a$04$Xb4EO8/9xkR0c4aloRtTUeBh/2sVwylaME5a9Xroy7/oqvJoO3Bhe"

func TestAdminCredentials(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		wantErr string // empty: valid
	}{
		{name: "neither: the admin is closed", env: nil},
		{name: "both", env: map[string]string{"PORTFOLIO_ADMIN_USER": "admin", "PORTFOLIO_ADMIN_PASSWORD_HASH": testHash}},
		{name: "$2b$", env: map[string]string{"PORTFOLIO_ADMIN_USER": "admin", "PORTFOLIO_ADMIN_PASSWORD_HASH": "$2b$" + testHash[4:]}},
		{name: "$2y$", env: map[string]string{"PORTFOLIO_ADMIN_USER": "admin", "PORTFOLIO_ADMIN_PASSWORD_HASH": "$2y$" + testHash[4:]}},
		{
			name:    "user without a hash",
			env:     map[string]string{"PORTFOLIO_ADMIN_USER": "admin"},
			wantErr: "PORTFOLIO_ADMIN_USER is set but PORTFOLIO_ADMIN_PASSWORD_HASH is empty",
		},
		{
			name:    "hash without a user",
			env:     map[string]string{"PORTFOLIO_ADMIN_PASSWORD_HASH": testHash},
			wantErr: "PORTFOLIO_ADMIN_PASSWORD_HASH is set but PORTFOLIO_ADMIN_USER is empty",
		},
		{
			name:    "a password instead of its hash",
			env:     map[string]string{"PORTFOLIO_ADMIN_USER": "admin", "PORTFOLIO_ADMIN_PASSWORD_HASH": "hunter2-hunter2"},
			wantErr: "PORTFOLIO_ADMIN_PASSWORD_HASH is not a bcrypt hash",
		},
		{
			name:    "a hash the shell cut short",
			env:     map[string]string{"PORTFOLIO_ADMIN_USER": "admin", "PORTFOLIO_ADMIN_PASSWORD_HASH": testHash[:40]},
			wantErr: "PORTFOLIO_ADMIN_PASSWORD_HASH is not a bcrypt hash",
		},
		{
			name:    "a user name on two lines",
			env:     map[string]string{"PORTFOLIO_ADMIN_USER": "ad\nmin", "PORTFOLIO_ADMIN_PASSWORD_HASH": testHash},
			wantErr: "PORTFOLIO_ADMIN_USER",
		},
		{
			name:    "a session TTL that is not a duration",
			env:     map[string]string{"PORTFOLIO_ADMIN_SESSION_TTL": "forever"},
			wantErr: "PORTFOLIO_ADMIN_SESSION_TTL",
		},
		{
			name:    "a session TTL of a year",
			env:     map[string]string{"PORTFOLIO_ADMIN_SESSION_TTL": "8760h"},
			wantErr: `PORTFOLIO_ADMIN_SESSION_TTL: "8760h0m0s" is not between 1m and 720h`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := config.Load("", env(tt.env))
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				if got := cfg.AdminPasswordHash.Reveal(); got != tt.env["PORTFOLIO_ADMIN_PASSWORD_HASH"] {
					t.Errorf("AdminPasswordHash = %q", got)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error = %v, want it to contain %q", err, tt.wantErr)
			}
			if h := tt.env["PORTFOLIO_ADMIN_PASSWORD_HASH"]; h != "" && strings.Contains(err.Error(), h) {
				t.Errorf("the error shows the hash: %v", err)
			}
		})
	}
}

func TestAdminSessionTTL(t *testing.T) {
	cfg, err := config.Load("", env(map[string]string{"PORTFOLIO_ADMIN_SESSION_TTL": "30m"}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.AdminSessionTTL != 30*time.Minute {
		t.Errorf("AdminSessionTTL = %v, want 30m", cfg.AdminSessionTTL)
	}
}
