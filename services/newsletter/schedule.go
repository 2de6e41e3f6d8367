package newsletter

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/portfolio-site/portfolio/content"
	"github.com/portfolio-site/portfolio/services/apperr"
)

// ScheduledEdition is an edition the owner set to go out at a time.
type ScheduledEdition struct {
	ID        int64
	EditionID int
	At        time.Time
}

// ScheduleStore keeps scheduled editions beside their publications. Implementations
// must be safe for concurrent use, also from several processes on one database.
type ScheduleStore interface {
	// ScheduleEdition schedules edition editionID for at (made at now), or moves its
	// pending schedule there.
	ScheduleEdition(ctx context.Context, editionID int, at, now time.Time) (ScheduledEdition, error)
	// CancelSchedule cancels edition editionID's pending schedule at now;
	// ErrNotScheduled when none is pending (it may have started).
	CancelSchedule(ctx context.Context, editionID int, now time.Time) (ScheduledEdition, error)
	// Schedules returns the pending schedules, the soonest first.
	Schedules(ctx context.Context) ([]ScheduledEdition, error)
	// StartDue starts the schedule due first at now, if any, in one transaction with
	// its publication (as StartPublication): of processes racing for it, one gets it,
	// and a crash after the commit leaves a running publication for Resume. ok is false
	// when nothing is due. ErrPublishing, leaving the schedule pending, while a
	// publication of its edition runs.
	StartDue(ctx context.Context, now time.Time) (pub Publication, ok bool, err error)
}

var (
	// ErrNotScheduled: the edition has no pending schedule to cancel.
	ErrNotScheduled = apperr.New(apperr.NotFound, "This edition is not scheduled; one that has started cannot be cancelled.")
	// errPastTime: a schedule in the past would go out at once, which Publish does.
	errPastTime = apperr.Field("at", "The time must be in the future.")
)

// Schedule sets edition editionID to go out at at (in the future), or moves its
// pending schedule there. ErrUnknownEdition for an id not in content.
func (p *Publisher) Schedule(ctx context.Context, editionID int, at time.Time) (ScheduledEdition, error) {
	if _, ok := content.FindEdition(p.Editions(), editionID); !ok {
		return ScheduledEdition{}, ErrUnknownEdition
	}
	now := p.opts.Now().UTC()
	if !at.After(now) {
		return ScheduledEdition{}, errPastTime
	}
	s, err := p.store.ScheduleEdition(ctx, editionID, at.UTC().Truncate(time.Millisecond), now)
	if err != nil {
		return ScheduledEdition{}, fmt.Errorf("newsletter: schedule edition %d: %w", editionID, err)
	}
	return s, nil
}

// CancelSchedule cancels edition editionID's pending schedule; ErrNotScheduled when
// there is none (never scheduled, or started already).
func (p *Publisher) CancelSchedule(ctx context.Context, editionID int) (ScheduledEdition, error) {
	s, err := p.store.CancelSchedule(ctx, editionID, p.opts.Now().UTC())
	if err != nil && !errors.Is(err, ErrNotScheduled) {
		return ScheduledEdition{}, fmt.Errorf("newsletter: cancel schedule of edition %d: %w", editionID, err)
	}
	return s, err
}

// Schedules returns the pending schedules by edition id.
func (p *Publisher) Schedules(ctx context.Context) (map[int]ScheduledEdition, error) {
	list, err := p.store.Schedules(ctx)
	if err != nil {
		return nil, fmt.Errorf("newsletter: schedules: %w", err)
	}
	out := make(map[int]ScheduledEdition, len(list))
	for _, s := range list {
		out[s.EditionID] = s
	}
	return out, nil
}

// PublishDue publishes every scheduled edition that is due, each exactly once across
// every process that calls it: the gateway's replicas call it every few seconds. A
// schedule whose edition is being published by hand waits for the next call.
func (p *Publisher) PublishDue(ctx context.Context) ([]PublishResult, error) {
	var done []PublishResult
	for {
		pub, ok, err := p.store.StartDue(ctx, p.opts.Now().UTC())
		switch {
		case errors.Is(err, ErrPublishing):
			return done, nil
		case err != nil:
			return done, fmt.Errorf("newsletter: scheduled publication: %w", err)
		case !ok:
			return done, nil
		}
		ed, found := content.FindEdition(p.Editions(), pub.EditionID)
		if !found {
			// Scheduled, then taken out of the newsletter's release: Resume records it.
			continue
		}
		r, err := p.finish(context.WithoutCancel(ctx), ed, pub)
		if err != nil {
			return done, err
		}
		done = append(done, r)
	}
}
