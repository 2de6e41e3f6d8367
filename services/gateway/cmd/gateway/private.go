package main

import (
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/private"
)

// tightenPrivate makes the data directory and the backup directory, and all in them,
// the gateway's user's alone, as an older gateway (which made them 0644 and 0750) or an
// operator may have left them; one log line per path changed
// (docs/decisions/0051-private-files.md).
func tightenPrivate(logger *zap.Logger, cfg config.Config) error {
	for _, dir := range []string{cfg.DataDir, cfg.BackupDir} {
		if dir == "" {
			continue
		}
		if err := private.Tighten(logger, dir); err != nil {
			return err
		}
	}
	return nil
}
