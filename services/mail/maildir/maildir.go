// Package maildir "sends" mail.Messages by writing each one as an .eml file into a
// local maildir: the default when no SMTP server is configured, so that every email
// the site would send can be read (any mail client opens .eml files) and none is
// silently dropped.
package maildir

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/services/mail"
)

// Transport writes messages into dir/new, one file per message, by the maildir
// protocol: written and synced under dir/tmp, then renamed into dir/new, so a reader
// of new/ never sees a partial file.
type Transport struct {
	dir    string
	host   string
	logger *zap.Logger
	signer mail.Signer // nil: unsigned
}

// The maildir's directories and messages are its user's alone: the messages hold
// visitors' and subscribers' addresses and the links to confirm and unsubscribe.
const (
	dirMode  os.FileMode = 0o700
	fileMode os.FileMode = 0o600
)

// New creates dir with its tmp, new and cur subdirectories if needed, 0700. Each
// message is signed by signer (mail/dkim) unless it is nil.
func New(dir string, logger *zap.Logger, signer mail.Signer) (*Transport, error) {
	for _, sub := range []string{"tmp", "new", "cur"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), dirMode); err != nil {
			return nil, fmt.Errorf("maildir: %w", err)
		}
	}
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "localhost"
	}
	// A maildir name may not contain / or : (the flags separator).
	host = strings.NewReplacer("/", `\057`, ":", `\072`).Replace(host)
	return &Transport{dir: dir, host: host, logger: logger, signer: signer}, nil
}

// Dir is the maildir's root.
func (t *Transport) Dir() string { return t.dir }

// String describes the transport for logs.
func (t *Transport) String() string { return "maildir://" + t.dir }

// Send writes m as dir/new/<unique>.eml and logs the path.
func (t *Transport) Send(ctx context.Context, m mail.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := mail.Bytes(m, t.signer)
	if err != nil {
		return err
	}
	name := t.uniqueName()
	tmp := filepath.Join(t.dir, "tmp", name)
	if err := writeSynced(tmp, data); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("maildir: %w", err)
	}
	final := filepath.Join(t.dir, "new", name)
	if err := os.Rename(tmp, final); err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("maildir: %w", err)
	}
	t.logger.Info("mail written to maildir",
		zap.String("path", final),
		zap.String("message_id", m.MessageID),
	)
	return nil
}

// uniqueName follows the maildir convention time.unique.host: seconds, then
// microseconds, process id and random bits, so names never collide across processes.
func (t *Transport) uniqueName() string {
	now := time.Now()
	var r [8]byte
	_, _ = rand.Read(r[:])
	return strconv.FormatInt(now.Unix(), 10) +
		".M" + strconv.Itoa(now.Nanosecond()/1000) +
		"P" + strconv.Itoa(os.Getpid()) +
		"R" + hex.EncodeToString(r[:]) +
		"." + t.host + ".eml"
}

func writeSynced(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fileMode)
	if err != nil {
		return err
	}
	if err := f.Chmod(fileMode); err != nil { // exactly, whatever the umask
		_ = f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		_ = f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}
