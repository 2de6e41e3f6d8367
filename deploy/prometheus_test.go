package deploy_test

import (
	"os/exec"
	"testing"
)

// TestPrometheusRules checks the alert rules with promtool and runs their unit tests
// (prometheus/alerts_test.yaml): each alert fires on its failure and not otherwise.
func TestPrometheusRules(t *testing.T) {
	promtool := requireTool(t, "promtool")
	for _, args := range [][]string{
		{"check", "rules", "prometheus/alerts.yaml"},
		{"test", "rules", "prometheus/alerts_test.yaml"},
	} {
		if out, err := exec.Command(promtool, args...).CombinedOutput(); err != nil {
			t.Errorf("promtool %v: %v\n%s", args, err, out)
		}
	}
}
