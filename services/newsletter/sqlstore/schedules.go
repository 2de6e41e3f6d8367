package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// scanSchedule reads the columns every statement returning a schedule selects: id,
// edition_id, send_at, status.
func scanSchedule(r row) (newsletter.ScheduledEdition, error) {
	var s newsletter.ScheduledEdition
	var at int64
	var status string
	if err := r.Scan(&s.ID, &s.EditionID, &at, &status); err != nil {
		return newsletter.ScheduledEdition{}, err
	}
	s.At = millis(at)
	return s, nil
}

// ScheduleEdition implements newsletter.ScheduleStore.
func (s *Store) ScheduleEdition(ctx context.Context, editionID int, at, now time.Time) (newsletter.ScheduledEdition, error) {
	var sc newsletter.ScheduledEdition
	err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var err error
		sc, err = scanSchedule(tx.QueryRowContext(ctx, s.q.ScheduleEdition, editionID, at.UnixMilli(), now.UnixMilli()))
		return err
	})
	return sc, err
}

// CancelSchedule implements newsletter.ScheduleStore.
func (s *Store) CancelSchedule(ctx context.Context, editionID int, now time.Time) (newsletter.ScheduledEdition, error) {
	var sc newsletter.ScheduledEdition
	err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		var err error
		sc, err = scanSchedule(tx.QueryRowContext(ctx, s.q.CancelSchedule, editionID, now.UnixMilli()))
		if errors.Is(err, sql.ErrNoRows) {
			return newsletter.ErrNotScheduled
		}
		return err
	})
	return sc, err
}

// Schedules implements newsletter.ScheduleStore.
func (s *Store) Schedules(ctx context.Context) ([]newsletter.ScheduledEdition, error) {
	rows, err := s.db.Reader.QueryContext(ctx, s.q.ListSchedules)
	if err != nil {
		return nil, err
	}
	return sqldb.Collect(rows, func(r *sql.Rows) (newsletter.ScheduledEdition, error) { return scanSchedule(r) })
}

// StartDue implements newsletter.ScheduleStore: the schedule claimed, its publication
// started and its recipients recorded in one unit of a group commit.
func (s *Store) StartDue(ctx context.Context, now time.Time) (newsletter.Publication, bool, error) {
	var p newsletter.Publication
	var ok bool
	err := s.db.Write(ctx, func(ctx context.Context, tx *sql.Tx) error {
		ok = false
		sc, err := scanSchedule(tx.QueryRowContext(ctx, s.q.ClaimDueSchedule, now.UnixMilli()))
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("claim: %w", err)
		}
		if p, err = s.startPublication(ctx, tx, sc.EditionID, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, s.q.SetSchedulePublication, sc.ID, p.ID); err != nil {
			return fmt.Errorf("record: %w", err)
		}
		ok = true
		return nil
	})
	if err != nil {
		if errors.Is(err, newsletter.ErrPublishing) {
			return newsletter.Publication{}, false, err
		}
		return newsletter.Publication{}, false, fmt.Errorf("newsletter: start scheduled publication: %w", err)
	}
	return p, ok, nil
}

// PublicationResults implements newsletter.ResultsStore.
func (s *Store) PublicationResults(ctx context.Context, publicationID int64, window time.Duration) (newsletter.Results, error) {
	var r newsletter.Results
	err := s.db.Reader.QueryRowContext(ctx, s.q.PublicationResults, publicationID, window.Milliseconds()).
		Scan(&r.Sent, &r.Delivered, &r.Bounced, &r.Complained, &r.Unsubscribed)
	return r, err
}
