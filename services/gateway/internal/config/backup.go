package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// MinBackupInterval is the shortest PORTFOLIO_BACKUP_INTERVAL: a copy of the whole
// database more often than this is load, not safety.
const MinBackupInterval = time.Minute

func (c *Config) normalizeBackup() []error {
	var errs []error
	c.BackupDir = strings.TrimSpace(c.BackupDir)
	if c.BackupDir != "" && c.DatabaseURL != "" {
		errs = append(errs, fmt.Errorf("config: %s copies the SQLite file, and %s is set: back PostgreSQL up with its own tools (pg_dump, pg_basebackup; README)",
			EnvName("backup_dir"), EnvName("database_url")))
	}
	if c.BackupInterval < MinBackupInterval {
		errs = append(errs, invalid("backup_interval", c.BackupInterval.String(), "is shorter than "+MinBackupInterval.String()))
	}
	if c.BackupKeep < 1 {
		errs = append(errs, invalid("backup_keep", strconv.Itoa(c.BackupKeep), "is not 1 or more"))
	}
	return errs
}
