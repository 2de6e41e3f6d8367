package main

import (
	"context"

	"github.com/prometheus/client_golang/prometheus"
)

// registryKey carries the Prometheus registry into run from a test that wants to read
// the metrics in-process (which metrics exist does not depend on which listener
// serves /metrics).
type registryKey struct{}

// metricsRegistry is the registry run fills: a test's (registryKey), else a new one.
func metricsRegistry(ctx context.Context) *prometheus.Registry {
	if reg, ok := ctx.Value(registryKey{}).(*prometheus.Registry); ok {
		return reg
	}
	return prometheus.NewRegistry()
}
