package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/gateway/internal/site"
)

// drain makes /readyz fail and waits delay before the server is shut down, so that a
// load balancer that polls readiness (Kubernetes removes the pod from its Service's
// endpoints) stops sending new requests while they are still being answered. A second
// signal during the wait ends it at once: ctx is the signal context, already done, so
// the wait watches a fresh one.
func drain(ctx context.Context, logger *zap.Logger, web *site.Site, delay time.Duration) {
	web.Drain()
	if delay <= 0 {
		return
	}
	logger.Info("draining: readiness fails, still serving", zap.Duration("delay", delay))
	again, stop := signalContext(context.WithoutCancel(ctx))
	defer stop()
	select {
	case <-time.After(delay):
	case <-again.Done():
	}
}

func signalContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
}
