package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/newsletter"
)

var _ newsletter.PublicationStore = (*Store)(nil)

// scanPublication reads the columns every statement returning a publication selects:
// id, edition_id, status, started_at, finished_at, recipients.
func scanPublication(r row) (newsletter.Publication, error) {
	var p newsletter.Publication
	var started int64
	var finished sql.NullInt64
	if err := r.Scan(&p.ID, &p.EditionID, &p.Status, &started, &finished, &p.Recipients); err != nil {
		return newsletter.Publication{}, err
	}
	p.StartedAt = millis(started)
	p.FinishedAt = nullMillis(finished)
	return p, nil
}

// StartPublication implements newsletter.PublicationStore.
func (s *Store) StartPublication(ctx context.Context, editionID int, at time.Time) (newsletter.Publication, error) {
	var p newsletter.Publication
	err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var err error
		p, err = s.startPublication(ctx, tx, editionID, at)
		return err
	})
	if err != nil {
		if errors.Is(err, newsletter.ErrPublishing) {
			return newsletter.Publication{}, err
		}
		return newsletter.Publication{}, fmt.Errorf("newsletter: start publication: %w", err)
	}
	return p, nil
}

// startPublication records a running publication of editionID in tx with its
// recipients, the subscribers confirmed now; ErrPublishing while one runs.
func (s *Store) startPublication(ctx context.Context, tx *sql.Tx, editionID int, at time.Time) (newsletter.Publication, error) {
	p, err := scanPublication(tx.QueryRowContext(ctx, s.q.InsertRunningPublication, editionID, at.UnixMilli()))
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return p, newsletter.ErrPublishing
	case err != nil:
		return p, fmt.Errorf("start: %w", err)
	}
	res, err := tx.ExecContext(ctx, s.q.InsertDeliveriesToConfirmed, p.ID)
	if err != nil {
		return p, fmt.Errorf("recipients: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return p, fmt.Errorf("recipients: %w", err)
	}
	p.Recipients = int(n)
	return p, nil
}

// PendingRecipients implements newsletter.PublicationStore.
func (s *Store) PendingRecipients(ctx context.Context, id int64, limit int) ([]newsletter.Subscriber, error) {
	recipients, err := s.subscribers(ctx, s.q.ListPendingDeliveries, id, limit)
	if err != nil {
		return nil, fmt.Errorf("newsletter: pending recipients: %w", err)
	}
	return recipients, nil
}

// QueueDeliveries implements newsletter.PublicationStore. Each delivery is recorded
// only if it is still pending and its subscriber still confirmed: on SQLite the
// transaction holds the write lock, on PostgreSQL a concurrent transaction's update of
// the same row waits for this one and then finds it no longer pending; either way one
// process wins and the other rolls its emails back.
func (s *Store) QueueDeliveries(ctx context.Context, id int64, deliveries []newsletter.Delivery, skipped []int64) error {
	err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		for _, sub := range skipped {
			if err := s.recordDelivery(ctx, tx, s.q.MarkDeliverySkipped, id, sub); err != nil {
				return err
			}
		}
		if len(deliveries) == 0 {
			return nil
		}
		msgs := make([]mail.Message, len(deliveries))
		for i, d := range deliveries {
			msgs[i] = d.Message
		}
		ids, err := s.outbox.EnqueueTx(ctx, tx, msgs...)
		if err != nil {
			return fmt.Errorf("queue: %w", err)
		}
		for i, d := range deliveries {
			if err := s.recordDelivery(ctx, tx, s.q.MarkDeliveryQueued, id, d.SubscriberID, ids[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		if errors.Is(err, newsletter.ErrDeliveriesChanged) {
			return err
		}
		return fmt.Errorf("newsletter: queue deliveries: %w", err)
	}
	return nil
}

// recordDelivery runs an update of one pending delivery; ErrDeliveriesChanged if it
// changed nothing.
func (s *Store) recordDelivery(ctx context.Context, tx *sql.Tx, query string, args ...any) error {
	res, err := tx.ExecContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("record delivery: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("record delivery: %w", err)
	}
	if n == 0 {
		return newsletter.ErrDeliveriesChanged
	}
	return nil
}

// FinishPublication implements newsletter.PublicationStore.
func (s *Store) FinishPublication(ctx context.Context, id int64, at time.Time) (newsletter.Publication, error) {
	p, err := scanPublication(s.db.QueryRowContext(ctx, s.q.FinishPublication, id, at.UnixMilli()))
	if errors.Is(err, sql.ErrNoRows) {
		p, err = scanPublication(s.db.QueryRowContext(ctx, s.q.GetPublication, id))
	}
	if err != nil {
		return newsletter.Publication{}, fmt.Errorf("newsletter: finish publication: %w", err)
	}
	return p, nil
}

// RunningPublications implements newsletter.PublicationStore.
func (s *Store) RunningPublications(ctx context.Context) ([]newsletter.Publication, error) {
	return s.publications(ctx, s.q.ListRunningPublications)
}

// LastPublications implements newsletter.PublicationStore.
func (s *Store) LastPublications(ctx context.Context) ([]newsletter.Publication, error) {
	return s.publications(ctx, s.q.ListLastPublications)
}

func (s *Store) publications(ctx context.Context, query string) ([]newsletter.Publication, error) {
	rows, err := s.db.Reader.QueryContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("newsletter: publications: %w", err)
	}
	defer rows.Close()
	var out []newsletter.Publication
	for rows.Next() {
		p, err := scanPublication(rows)
		if err != nil {
			return nil, fmt.Errorf("newsletter: publications: %w", err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("newsletter: publications: %w", err)
	}
	return out, nil
}

// PublishingBacklog counts the publications still queueing their emails and says when
// the oldest of them started (the zero time when there is none): what the site's
// metrics report of publishing.
func (s *Store) PublishingBacklog(ctx context.Context) (int, time.Time, error) {
	var n int
	var started *int64
	if err := s.db.Reader.QueryRowContext(ctx, s.q.CountRunningPublications).Scan(&n, &started); err != nil {
		return 0, time.Time{}, fmt.Errorf("publications: running: %w", err)
	}
	if started == nil {
		return n, time.Time{}, nil
	}
	return n, time.UnixMilli(*started).UTC(), nil
}
