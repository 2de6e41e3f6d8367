package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/gateway/internal/server"
)

// Timeouts of the HTTP server. Every request is a small page, file or JSON body, so
// generous limits still cut off slow or stuck clients long before they pile up.
const (
	// readHeaderTimeout bounds how long a client may take to send its headers, the
	// classic slowloris defence.
	readHeaderTimeout = 5 * time.Second
	// readTimeout bounds reading a whole request; bodies are small JSON forms.
	readTimeout = 15 * time.Second
	// writeTimeout bounds handling plus writing a response: files come from memory, so
	// this only has to allow for slow networks on the largest bundle.
	writeTimeout = 30 * time.Second
	// idleTimeout lets browsers reuse a keep-alive connection across navigations
	// without holding idle sockets forever.
	idleTimeout = 120 * time.Second
	// maxHeaderBytes is well above what browsers send (cookies included) and well below
	// net/http's 1 MiB default.
	maxHeaderBytes = 64 << 10
	// shutdownTimeout lets in-flight requests finish after SIGTERM, inside the usual
	// 30 s a process manager waits before SIGKILL.
	shutdownTimeout = 15 * time.Second
)

// run starts the gateway and serves until ctx is cancelled or SIGINT/SIGTERM arrives,
// then shuts down gracefully. Once listening, it logs "listening" with the bound
// address (addr), which is how a caller that asked for port 0 learns the port.
func run(ctx context.Context, args []string, getenv func(string) string, _ io.Reader, _ io.Writer, stderr io.Writer) error {
	ctx, stopSignals := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stopSignals()

	flags := flag.NewFlagSet(args[0], flag.ContinueOnError)
	flags.SetOutput(stderr)
	configPath := flags.String("config", getenv(config.ConfigFileEnv),
		"config file (YAML, JSON or TOML; keys as the env vars without "+config.EnvPrefix+", lower case); env "+config.ConfigFileEnv)
	if err := flags.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected arguments: %v", flags.Args())
	}

	cfg, err := config.Load(*configPath, getenv)
	if err != nil {
		return err
	}
	logger, err := newLogger(stderr, cfg.LogLevel, cfg.LogFormat)
	if err != nil {
		return err
	}
	defer func() { _ = logger.Sync() }() // fails on a terminal; nothing to do about it

	if err := os.MkdirAll(cfg.DataDir, 0o750); err != nil {
		return fmt.Errorf("data dir: %w", err)
	}
	site, err := content.LoadSite(content.FS())
	if err != nil {
		return err
	}
	routes, err := content.LoadRoutes(content.FS())
	if err != nil {
		return err
	}
	web, err := server.LoadWeb(logger, cfg, site, routes)
	if err != nil {
		return err
	}

	srv := &http.Server{
		Handler:           server.NewServer(logger, cfg, site, routes, web),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          zap.NewStdLog(logger.WithOptions(zap.IncreaseLevel(zapcore.WarnLevel))),
	}
	ln, err := net.Listen("tcp", cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	logger.Info("listening",
		zap.String("addr", ln.Addr().String()),
		zap.String("public_url", cfg.PublicURL),
		zap.Bool("ready", web.Ready()),
		zap.Bool("dev", cfg.Dev),
	)

	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	select {
	case err := <-serveErr:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	// A second SIGINT/SIGTERM now stops the process at once.
	stopSignals()

	logger.Info("shutting down", zap.Duration("timeout", shutdownTimeout))
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-serveErr; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	logger.Info("stopped")
	return nil
}

// newLogger writes structured logs to w. No sampling: zap's production sampling drops
// repeated messages, and every request log line is a repeat of "request".
func newLogger(w io.Writer, level, format string) (*zap.Logger, error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, fmt.Errorf("log level: %w", err)
	}
	enc := zap.NewProductionEncoderConfig()
	enc.TimeKey = "time"
	enc.EncodeTime = zapcore.RFC3339NanoTimeEncoder
	enc.EncodeDuration = zapcore.SecondsDurationEncoder // float seconds: sub-millisecond requests do not log as 0
	var encoder zapcore.Encoder
	if format == "console" {
		enc.EncodeLevel = zapcore.CapitalColorLevelEncoder
		encoder = zapcore.NewConsoleEncoder(enc)
	} else {
		encoder = zapcore.NewJSONEncoder(enc)
	}
	sink := zapcore.Lock(zapcore.AddSync(w))
	return zap.New(zapcore.NewCore(encoder, sink, lvl), zap.ErrorOutput(sink)), nil
}
