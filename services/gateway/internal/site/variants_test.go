package site

import (
	"fmt"
	"testing"
)

// A canary's share of visitors is its percent, each visitor stays on their side while
// it stands, and a widening only moves visitors onto the canary.
func TestOnCanaryShareAndStickiness(t *testing.T) {
	const visitors = 100000
	seeds := make([]string, visitors)
	for i := range seeds {
		seeds[i] = NewSeed()
	}
	for _, percent := range []int{1, 10, 50, 90, 99} {
		t.Run(fmt.Sprintf("%d%%", percent), func(t *testing.T) {
			on := 0
			for _, s := range seeds {
				if onCanary(s, "blog", "1.0.0-abc", percent) {
					on++
					if !onCanary(s, "blog", "1.0.0-abc", percent) {
						t.Fatalf("visitor %s changed sides", s)
					}
					if !onCanary(s, "blog", "1.0.0-abc", min(99, percent+10)) {
						t.Fatalf("visitor %s left the canary when it widened", s)
					}
				}
			}
			got := float64(on) / visitors * 100
			if got < float64(percent)-1 || got > float64(percent)+1 {
				t.Errorf("%d%%: %.2f%% of %d visitors on the canary", percent, got, visitors)
			}
		})
	}
}
