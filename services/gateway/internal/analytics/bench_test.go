package analytics

import (
	"context"
	"strconv"
	"testing"

	"go.uber.org/zap"
)

// saltOnly is a store that only hands out a salt: View never touches the rest.
type saltOnly struct{ Store }

func (saltOnly) Salt(context.Context, string, []byte) ([]byte, error) { return []byte("salt"), nil }

// BenchmarkView is what counting adds to a page request, once the day's salt is known.
func BenchmarkView(b *testing.B) {
	c := New(saltOnly{}, zap.NewNop(), Options{SiteHost: "example.com"})
	ctx := context.Background()
	keys := make([]string, 5000)
	for i := range keys {
		keys[i] = "10.0." + strconv.Itoa(i/256) + "." + strconv.Itoa(i%256)
	}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			i++
			c.View(ctx, View{Path: "/skills", Referrer: "https://news.ycombinator.com/item?id=1",
				UserAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", ClientKey: keys[i%len(keys)]})
		}
	})
}
