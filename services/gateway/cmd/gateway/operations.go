package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
)

// checkDataDirWritable fails start-up with a message naming the data directory when
// something must be written there (the SQLite file, the maildir) and cannot be:
// SQLite's own error for it is "unable to open database file (14)".
func checkDataDirWritable(cfg config.Config) error {
	if cfg.DatabaseURL.Reveal() != "" && cfg.SMTPHost != "" {
		return nil // nothing of ours lives there
	}
	f, err := os.CreateTemp(cfg.DataDir, ".write-test-*")
	if err != nil {
		return fmt.Errorf("data directory %s (%s) is not writable: the gateway keeps its SQLite database and maildir there: %w",
			cfg.DataDir, config.EnvName("data_dir"), errors.Unwrap(err))
	}
	name := f.Name()
	_ = f.Close()
	return os.Remove(name)
}

// serveMetrics serves /metrics on cfg.MetricsAddr, a listener apart from the site's
// (loopback by default), and returns how to stop it; nothing when it is off. It logs
// "metrics listening" with the bound address.
func serveMetrics(cfg config.Config, logger *zap.Logger, reg *prometheus.Registry) (stop func(), err error) {
	if cfg.MetricsAddr == "" {
		logger.Info("metrics not served (" + config.EnvName("metrics_addr") + " is off)")
		return func() {}, nil
	}
	ln, err := net.Listen("tcp", cfg.MetricsAddr)
	if err != nil {
		return nil, fmt.Errorf("metrics: listen on %s (%s): %w", cfg.MetricsAddr, config.EnvName("metrics_addr"), err)
	}
	srv := &http.Server{
		Handler:           server.MetricsHandler(reg),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			logger.Error("metrics listener failed", zap.Error(err))
		}
	}()
	logger.Info("metrics listening", zap.String("addr", ln.Addr().String()))
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
		defer cancel()
		_ = srv.Shutdown(ctx)
		<-done
	}, nil
}
