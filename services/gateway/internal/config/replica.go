package config

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Bounds of PORTFOLIO_REPLICA_SYNC_INTERVAL: below the minimum the object store's
// requests cost more than they save; above the maximum a lost disk loses too much.
const (
	MinReplicaSyncInterval = 100 * time.Millisecond
	MaxReplicaSyncInterval = time.Hour
	// MinRestoreDrillInterval: a drill restores the whole database; more often than
	// hourly is load, not safety.
	MinRestoreDrillInterval = time.Hour
)

// ReplicaSchemes are the forms PORTFOLIO_REPLICA_URL takes.
var ReplicaSchemes = []string{"file", "s3", "sftp"}

func (c *Config) normalizeReplica() []error {
	var errs []error
	raw := strings.TrimSpace(c.ReplicaURL.Reveal())
	c.ReplicaURL = Secret(raw)
	if raw != "" {
		if c.DatabaseURL != "" {
			errs = append(errs, fmt.Errorf("config: %s replicates the SQLite file, and %s is set: PostgreSQL archives its own WAL (README, Replication)",
				EnvName("replica_url"), EnvName("database_url")))
		}
		if err := checkReplicaURL(raw); err != nil {
			// Never print the value: an sftp URL may hold a password.
			errs = append(errs, fmt.Errorf("config: %s %w", EnvName("replica_url"), err))
		}
	}
	if c.ReplicaSyncInterval < MinReplicaSyncInterval || c.ReplicaSyncInterval > MaxReplicaSyncInterval {
		errs = append(errs, invalid("replica_sync_interval", c.ReplicaSyncInterval.String(),
			"is not between "+MinReplicaSyncInterval.String()+" and "+MaxReplicaSyncInterval.String()))
	}
	if c.RestoreDrillInterval != 0 && c.RestoreDrillInterval < MinRestoreDrillInterval {
		errs = append(errs, invalid("restore_drill_interval", c.RestoreDrillInterval.String(), "is shorter than "+MinRestoreDrillInterval.String()+" (0 runs no drill)"))
	}
	return errs
}

// checkReplicaURL says what is wrong with a replica URL, without repeating it.
func checkReplicaURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return fmt.Errorf("is not a URL")
	}
	if !slices.Contains(ReplicaSchemes, u.Scheme) {
		return fmt.Errorf("has the scheme %q; it takes %s", u.Scheme, strings.Join(ReplicaSchemes, "://, ")+"://")
	}
	switch u.Scheme {
	case "file":
		if u.Host != "" || !strings.HasPrefix(u.Path, "/") {
			return fmt.Errorf("is not file:///absolute/path")
		}
	case "s3":
		if u.Host == "" {
			return fmt.Errorf("names no bucket: s3://bucket/prefix")
		}
		if e := u.Query().Get("endpoint"); e != "" {
			if eu, err := url.Parse(e); err != nil || (eu.Scheme != "" && eu.Scheme != "http" && eu.Scheme != "https") {
				return fmt.Errorf("has an endpoint that is not an http(s) URL or host:port")
			}
		}
	case "sftp":
		if u.Host == "" || u.User == nil || u.User.Username() == "" {
			return fmt.Errorf("is not sftp://user@host/path")
		}
	}
	if strings.Trim(u.Path, "/") == "" && u.Scheme != "file" {
		return fmt.Errorf("names no path: the replica needs a folder (prefix) of its own")
	}
	return nil
}
