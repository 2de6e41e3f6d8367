package maildir_test

import (
	"context"
	"io"
	netmail "net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/mail/maildir"
	"github.com/portfolio-site/portfolio/services/mail/smtptest"
)

func TestWritesReadableEMLFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data", "maildir")
	core, logs := observer.New(zap.InfoLevel)
	tr, err := maildir.New(dir, zap.New(core), nil)
	if err != nil {
		t.Fatal(err)
	}
	const n = 20
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			m := mail.Message{
				From:    mail.Address{Name: "Portfolio", Email: "no-reply@localhost"},
				To:      []mail.Address{{Email: "owner@example.com"}},
				ReplyTo: []mail.Address{{Name: "Zoë", Email: "zoe@example.org"}},
				Subject: "Message " + string(rune('A'+i)),
				Text:    "Hello from Zoë",
				HTML:    "<p>Hello from Zo&euml;</p>",
			}.WithDefaults(time.Now())
			if err := tr.Send(context.Background(), m); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()

	files, err := filepath.Glob(filepath.Join(dir, "new", "*.eml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != n {
		t.Fatalf("%d files in new/, want %d (unique names)", len(files), n)
	}
	if tmp, _ := os.ReadDir(filepath.Join(dir, "tmp")); len(tmp) != 0 {
		t.Errorf("%d files left in tmp/", len(tmp))
	}
	if _, err := os.Stat(filepath.Join(dir, "cur")); err != nil {
		t.Errorf("no cur/: %v", err)
	}
	subjects := map[string]bool{}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		msg, err := netmail.ReadMessage(fh)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if _, err := io.ReadAll(msg.Body); err != nil {
			t.Fatal(err)
		}
		_ = fh.Close()
		subjects[msg.Header.Get("Subject")] = true
		if from := msg.Header.Get("From"); !strings.Contains(from, "no-reply@localhost") {
			t.Errorf("From = %q", from)
		}
		raw, _ := os.ReadFile(f)
		p, err := smtptest.Parse(raw)
		if err != nil || p.Text != "Hello from Zoë" || p.HTML != "<p>Hello from Zo&euml;</p>" {
			t.Errorf("%s parts: %q %q %v", f, p.Text, p.HTML, err)
		}
	}
	if len(subjects) != n {
		t.Errorf("%d distinct subjects, want %d", len(subjects), n)
	}

	logged := logs.FilterMessage("mail written to maildir").All()
	if len(logged) != n {
		t.Fatalf("%d log lines, want %d", len(logged), n)
	}
	path, _ := logged[0].ContextMap()["path"].(string)
	if !strings.HasPrefix(path, filepath.Join(dir, "new")+string(filepath.Separator)) || !strings.HasSuffix(path, ".eml") {
		t.Errorf("logged path %q is not in new/", path)
	}
}

func TestRefusesInvalidMessages(t *testing.T) {
	dir := t.TempDir()
	tr, err := maildir.New(dir, zap.NewNop(), nil)
	if err != nil {
		t.Fatal(err)
	}
	m := mail.Message{
		From:    mail.Address{Email: "no-reply@localhost"},
		To:      []mail.Address{{Email: "owner@example.com"}},
		Subject: "Hi\nBcc: victim@example.com",
		Text:    "x",
	}
	if err := tr.Send(context.Background(), m); !mail.IsPermanent(err) {
		t.Fatalf("Send = %v, want a permanent validation error", err)
	}
	if files, _ := os.ReadDir(filepath.Join(dir, "new")); len(files) != 0 {
		t.Errorf("%d files written", len(files))
	}
}
