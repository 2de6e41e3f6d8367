package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	netmail "net/mail"
	"strconv"
	"time"

	"go.uber.org/zap"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
	"github.com/portfolio-site/portfolio/services/gateway/internal/config"
	"github.com/portfolio-site/portfolio/services/newsletter"
	newsletterstore "github.com/portfolio-site/portfolio/services/newsletter/sqlstore"
)

// newsletterCommand schedules editions from the command line, on the site's own
// database (as the admin does): `gateway newsletter schedule <edition> <time>`,
// `unschedule <edition>`, `schedules`. A running gateway publishes a scheduled
// edition when it is due.
const newsletterCommand = "newsletter"

func runNewsletter(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout io.Writer) error {
	const usage = "usage: gateway newsletter schedule <edition> <time, RFC 3339: 2026-12-01T09:00:00Z> | unschedule <edition> | schedules | " +
		"unsubscribe-mail < message"
	if len(args) == 0 {
		return errors.New(usage)
	}
	cfg, err := config.Load(getenv(config.ConfigFileEnv), getenv)
	if err != nil {
		return err
	}
	if err := prepareDataDir(cfg); err != nil {
		return err
	}
	db, err := openDatabase(ctx, cfg, zap.NewNop())
	if err != nil {
		return err
	}
	defer db.Close() //nolint:errcheck // the writes committed before
	editions, err := content.LoadEditions(content.FS())
	if err != nil {
		return err
	}
	if len(args) == 1 && args[0] == "unsubscribe-mail" {
		err = unsubscribeMail(ctx, newsletterstore.New(db, nil), stdin, stdout)
	} else {
		// Scheduling renders nothing and queues nothing: no outbox, no service needed.
		pub := newsletter.NewPublisher(newsletterstore.New(db, nil), nil, editions, newsletter.PublisherOptions{})
		err = newsletterVerb(ctx, pub, args, usage, stdout)
	}
	if e, ok := apperr.From(err); ok {
		return errors.New(e.Message)
	}
	return err
}

func newsletterVerb(ctx context.Context, pub *newsletter.Publisher, args []string, usage string, stdout io.Writer) error {
	edition := func(s string) (int, error) {
		id, err := strconv.Atoi(s)
		if err != nil {
			return 0, fmt.Errorf("%q is not an edition's number", s)
		}
		return id, nil
	}
	switch {
	case args[0] == "schedule" && len(args) == 3:
		id, err := edition(args[1])
		if err != nil {
			return err
		}
		at, err := time.Parse(time.RFC3339, args[2])
		if err != nil {
			return fmt.Errorf("%q is not a time in RFC 3339, such as 2026-12-01T09:00:00Z", args[2])
		}
		s, err := pub.Schedule(ctx, id, at)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "edition %d scheduled for %s\n", s.EditionID, s.At.Format(time.RFC3339))
		return err
	case args[0] == "unschedule" && len(args) == 2:
		id, err := edition(args[1])
		if err != nil {
			return err
		}
		if _, err := pub.CancelSchedule(ctx, id); err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "edition %d is no longer scheduled\n", id)
		return err
	case args[0] == "schedules" && len(args) == 1:
		list, err := pub.Schedules(ctx)
		if err != nil {
			return err
		}
		for _, ed := range pub.Editions() {
			if s, ok := list[ed.ID]; ok {
				if _, err := fmt.Fprintf(stdout, "%d\t%s\t%s\n", ed.ID, s.At.Format(time.RFC3339), ed.Title); err != nil {
					return err
				}
			}
		}
		return nil
	}
	return errors.New(usage)
}

// maxUnsubscribeMail bounds what unsubscribe-mail reads of a message: the headers.
const maxUnsubscribeMail = 1 << 20

// unsubscribeMail unsubscribes the reader of an unsubscribe by mail: the message on
// stdin (as an MTA pipes it, README 'Unsubscribing by mail') has the token of the
// mailto: of List-Unsubscribe in its subject. Unsubscribing changes nothing else and
// queues no email, so it needs no outbox. A message without a valid token fails, and
// the MTA can bounce it back to its sender.
func unsubscribeMail(ctx context.Context, store newsletter.Store, stdin io.Reader, stdout io.Writer) error {
	msg, err := netmail.ReadMessage(io.LimitReader(stdin, maxUnsubscribeMail))
	if err != nil {
		return fmt.Errorf("unsubscribe-mail: the message cannot be read: %w", err)
	}
	subject, err := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err != nil {
		subject = msg.Header.Get("Subject")
	}
	token := newsletter.UnsubscribeToken(subject)
	if token == "" {
		return errors.New("unsubscribe-mail: the subject has no unsubscribe token (unsubscribe <token>)")
	}
	svc, err := newsletter.NewService(ctx, store, newsletter.Emails{}, newsletter.Options{})
	if err != nil {
		return err
	}
	sub, err := svc.Unsubscribe(ctx, token)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "unsubscribed subscriber %d\n", sub.ID)
	return err
}
