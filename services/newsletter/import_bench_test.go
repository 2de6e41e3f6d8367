package newsletter_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"
)

// BenchmarkImport100k imports a file of 100,000 new addresses, a third confirmed
// (Mailchimp's export, with a CONFIRM_TIME) and the rest sent a confirmation email,
// into an empty list, on each database (docs/decisions/0038-subscriber-import.md).
//
//	go test -run '^$' -bench Import100k -benchtime 1x ./services/newsletter/
//	scripts/with-postgres.sh go test -run '^$' -bench Import100k -benchtime 1x ./services/newsletter/
func BenchmarkImport100k(b *testing.B) {
	const rows = 100_000
	var file bytes.Buffer
	file.WriteString("Email Address,First Name,Last Name,OPTIN_TIME,CONFIRM_TIME\n")
	for i := range rows {
		confirmed := ""
		if i%3 == 0 {
			confirmed = "2024-01-02 03:04:05"
		}
		fmt.Fprintf(&file, "reader%06d@example.org,Reader,Number %d,2024-01-01 00:00:00,%s\n", i, i, confirmed)
	}
	for _, d := range databases {
		b.Run(d.name, func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				e := newEnv(b, d.dsn(b))
				// Every unconfirmed row's confirmation queued, as before the daily limit:
				// the import's worst case.
				e.importPerDay = rows
				e.svc = e.service(b)
				b.StartTimer()
				res, err := e.svc.Import(context.Background(), bytes.NewReader(file.Bytes()))
				if err != nil {
					b.Fatal(err)
				}
				if res.Added() != rows || len(res.Refused) != 0 {
					b.Fatalf("added %d, refused %d", res.Added(), len(res.Refused))
				}
			}
			b.ReportMetric(float64(rows), "rows/op")
		})
	}
}
