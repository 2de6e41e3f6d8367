package outbox

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	mathrand "math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"golang.org/x/time/rate"

	"github.com/portfolio-site/portfolio/services/mail"
)

// Transport delivers one message: the smtp and maildir adapters. Send must return
// once ctx is done. An error marked mail.Permanent is not retried.
type Transport interface {
	Send(ctx context.Context, m mail.Message) error
}

// Options tune a Worker. Zero values take the defaults.
type Options struct {
	// RetryLifetime is how long a message is retried after it was queued before it is
	// dead; the last attempt is made when it ends. Default 3 days (Postfix keeps
	// trying for 5): an SMTP outage over a weekend delays mail but loses none.
	RetryLifetime time.Duration
	// MaxAttempts, if above 0, also makes a message dead after that many attempts.
	// Default 0: only the lifetime counts.
	MaxAttempts int
	// RetryBase and RetryMax shape the backoff: after attempt n, the next attempt waits
	// a random time between 0 and min(RetryMax, RetryBase*2^(n-1)) ("full jitter").
	// Defaults 1 minute and 1 hour.
	RetryBase time.Duration
	RetryMax  time.Duration
	// PollInterval is the longest the worker sleeps without looking at the store:
	// Notify wakes it at once for messages this process queues, and it wakes itself
	// when a retry falls due; polling finds what other processes queued. Default 10s.
	PollInterval time.Duration
	// SendTimeout bounds one attempt. Default 1 minute.
	SendTimeout time.Duration
	// Concurrency is how many messages are sent at once. Default 2.
	Concurrency int
	// Limiter, if set, paces the attempts: each one takes a token, and a message is
	// claimed only once its token is there, so a waiting message holds no lease and
	// stays free for another worker. It keeps a newsletter edition to a long list from
	// overwhelming the SMTP relay. It is per worker: N replicas send up to N times the
	// rate. RateLimit makes the usual one; nil sends as fast as Concurrency allows.
	Limiter *rate.Limiter
	// Registerer, if set, gets the counters mail_outbox_sent_total,
	// mail_outbox_retries_total and mail_outbox_dead_total (wrap it to add a prefix).
	// Stats reports the same numbers either way.
	Registerer prometheus.Registerer
}

func (o Options) withDefaults() Options {
	if o.RetryLifetime <= 0 {
		o.RetryLifetime = DefaultRetryLifetime
	}
	if o.MaxAttempts < 0 {
		o.MaxAttempts = 0
	}
	if o.RetryBase <= 0 {
		o.RetryBase = time.Minute
	}
	if o.RetryMax <= 0 {
		o.RetryMax = time.Hour
	}
	if o.RetryMax < o.RetryBase {
		o.RetryMax = o.RetryBase
	}
	if o.PollInterval <= 0 {
		o.PollInterval = 10 * time.Second
	}
	if o.SendTimeout <= 0 {
		o.SendTimeout = time.Minute
	}
	if o.Concurrency <= 0 {
		o.Concurrency = 2
	}
	return o
}

// DefaultRetryLifetime is Options.RetryLifetime's default.
const DefaultRetryLifetime = 72 * time.Hour

// markTimeout bounds recording an attempt's outcome in the store.
const markTimeout = 10 * time.Second

// minWait keeps the loop from spinning when an entry falls due right now.
const minWait = 5 * time.Millisecond

// RateLimit returns a Limiter (see Options) that starts at most perSecond attempts a
// second, evenly spaced, or nil for 0 (no limit).
func RateLimit(perSecond float64) *rate.Limiter {
	if perSecond <= 0 {
		return nil
	}
	// A burst of one spaces the attempts evenly: in no window does the relay see more
	// than the rate.
	return rate.NewLimiter(rate.Limit(perSecond), 1)
}

// Stats counts what a Worker did since it was made.
type Stats struct {
	Sent       uint64 // delivered
	Retried    uint64 // failed attempts scheduled again
	Dead       uint64 // given up
	Suppressed uint64 // not sent: a recipient is suppressed (mail/hygiene); dead, not counted in Dead
}

// Worker delivers the outbox in the background. Make one with NewWorker, run it with
// Run, and call Notify after queueing messages so it sends them at once.
type Worker struct {
	store     Store
	transport Transport
	logger    *zap.Logger
	opts      Options
	lease     time.Duration
	wake      chan struct{}
	running   atomic.Bool

	sent, retried, dead, suppressed atomic.Uint64
}

// NewWorker returns a worker that sends store's messages through transport. It fails
// only if the counters cannot be registered with opts.Registerer.
func NewWorker(store Store, transport Transport, logger *zap.Logger, opts Options) (*Worker, error) {
	opts = opts.withDefaults()
	w := &Worker{
		store:     store,
		transport: transport,
		logger:    logger,
		opts:      opts,
		// A claim must outlive the attempt and the recording of its outcome, or another
		// worker could take the message while it is still being sent.
		lease: opts.SendTimeout + markTimeout + 30*time.Second,
		wake:  make(chan struct{}, 1),
	}
	if r := opts.Registerer; r != nil {
		for _, c := range []struct {
			name, help string
			n          *atomic.Uint64
		}{
			{"mail_outbox_sent_total", "Emails the outbox delivered.", &w.sent},
			{"mail_outbox_retries_total", "Failed email attempts the outbox scheduled again.", &w.retried},
			{"mail_outbox_dead_total", "Emails the outbox gave up after too many attempts or a permanent failure.", &w.dead},
			{"mail_outbox_suppressed_total", "Emails the outbox did not send because a recipient is suppressed (a bounce or a complaint).", &w.suppressed},
		} {
			n := c.n
			if err := r.Register(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: c.name, Help: c.help},
				func() float64 { return float64(n.Load()) })); err != nil {
				return nil, fmt.Errorf("outbox: register %s: %w", c.name, err)
			}
		}
	}
	return w, nil
}

// Stats returns the worker's counters.
func (w *Worker) Stats() Stats {
	return Stats{Sent: w.sent.Load(), Retried: w.retried.Load(), Dead: w.dead.Load(), Suppressed: w.suppressed.Load()}
}

// Notify wakes the worker to look for due messages now. It never blocks.
func (w *Worker) Notify() {
	select {
	case w.wake <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// Run delivers due messages until ctx is done, then waits for the attempts in flight
// to finish (each bounded by SendTimeout) and records their outcome, so a message is
// never left half-sent: it is marked sent, or pending for a later attempt. Run returns
// nil after ctx is done; it may be called again after it returned.
func (w *Worker) Run(ctx context.Context) error {
	if !w.running.CompareAndSwap(false, true) {
		return errors.New("outbox: worker already running")
	}
	defer w.running.Store(false)

	var wg sync.WaitGroup
	defer wg.Wait()
	done := make(chan struct{}, w.opts.Concurrency) // one slot per attempt in flight: sends never block
	inflight := 0
	timer := time.NewTimer(w.opts.PollInterval)
	defer timer.Stop()

	for {
		if ctx.Err() != nil {
			return nil
		}
		wait := w.opts.PollInterval
		free := w.opts.Concurrency - inflight
		allowed, untilAllowed := w.allowance(time.Now(), free)
		switch {
		case free == 0:
			// Every slot is busy: claim again as soon as an attempt finishes (done below).
		case allowed == 0:
			// The rate limit: claim again when the next attempt may start.
			wait = min(wait, max(untilAllowed, minWait))
		default:
			entries, err := w.claim(ctx, allowed)
			w.spend(len(entries))
			switch {
			case err != nil:
				w.logger.Error("outbox: claiming due mail failed", zap.Error(err))
			case len(entries) < allowed:
				// Nothing else is due: sleep until the next entry falls due, at most
				// PollInterval.
				at, ok, err := w.store.NextDue(ctx)
				if err != nil && ctx.Err() == nil {
					w.logger.Error("outbox: reading the next due time failed", zap.Error(err))
				}
				if ok {
					wait = min(wait, max(time.Until(at), minWait))
				}
			case allowed < free:
				// More may be due, and a slot is free: look again when the rate allows.
				wait = minWait
			default:
				// Every slot is busy and more may be due: claim again as soon as an
				// attempt finishes (done below).
			}
			for _, e := range entries {
				inflight++
				wg.Go(func() {
					w.deliver(ctx, e)
					done <- struct{}{}
				})
			}
		}
		timer.Reset(wait)
		select {
		case <-ctx.Done():
			return nil
		case <-w.wake:
		case <-done:
			inflight--
		case <-timer.C:
		}
	}
}

// allowance returns how many of want attempts may start at now under the rate limit
// and, when none may, how long until one may (at most PollInterval: the limit may be
// raised meanwhile).
func (w *Worker) allowance(now time.Time, want int) (int, time.Duration) {
	lim := w.opts.Limiter
	if lim == nil || lim.Limit() == rate.Inf {
		return want, 0
	}
	tokens := lim.TokensAt(now)
	if n := min(want, int(tokens)); n > 0 {
		return n, 0
	}
	secs := w.opts.PollInterval.Seconds()
	if l := float64(lim.Limit()); l > 0 {
		secs = min(secs, (1-tokens)/l)
	}
	return 0, time.Duration(secs * float64(time.Second))
}

// spend takes the tokens of n attempts that are starting; allowance said they were there.
func (w *Worker) spend(n int) {
	if w.opts.Limiter != nil && n > 0 {
		w.opts.Limiter.ReserveN(time.Now(), n)
	}
}

// claim claims up to limit due entries. Not cut short by ctx: a claim interrupted
// after the store applied it would leave its entries leased, unsent until the lease
// expires.
func (w *Worker) claim(ctx context.Context, limit int) ([]Entry, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), markTimeout)
	defer cancel()
	return w.store.Claim(ctx, Claim{Now: time.Now(), Lease: w.lease, Limit: limit, Token: newToken()})
}

// deliver makes one attempt and records its outcome. Neither the attempt nor the
// recording is cut short by ctx: on shutdown, a message in flight still ends up sent
// or pending.
func (w *Worker) deliver(ctx context.Context, e Entry) {
	base := context.WithoutCancel(ctx)
	sendCtx, cancelSend := context.WithTimeout(base, w.opts.SendTimeout)
	err := w.transport.Send(sendCtx, e.Message)
	cancelSend()

	markCtx, cancelMark := context.WithTimeout(base, markTimeout)
	defer cancelMark()
	now := time.Now()
	log := w.logger.With(
		zap.Int64("outbox_id", e.ID),
		zap.String("message_id", e.Message.MessageID),
		zap.Int("attempt", e.Attempts),
	)
	switch {
	case err == nil:
		w.sent.Add(1)
		log.Info("outbox: mail sent")
		// Marked right after the server accepted the message: the window in which a
		// crash would send it twice is this one statement.
		if merr := w.store.MarkSent(markCtx, e.ID, e.Lease, now); merr != nil {
			log.Error("outbox: mail sent but not marked sent; it may be sent again", zap.Error(merr))
		}
	case mail.IsSuppressed(err):
		// Not a failure: the list's hygiene at work. Kept as dead with the reason, so
		// the admin can see it and, once the suppression is lifted, retry it.
		w.suppressed.Add(1)
		log.Info("outbox: mail not sent, a recipient is suppressed", zap.String("reason", errorText(err)))
		if merr := w.store.MarkDead(markCtx, e.ID, e.Lease, now, errorText(err)); merr != nil {
			log.Error("outbox: marking mail dead failed; the lease expiry will try it again", zap.Error(merr))
		}
	case mail.IsPermanent(err) || w.expired(e, now):
		reason := errorText(err)
		w.dead.Add(1)
		log.Error("outbox: mail dead, giving up",
			zap.String("reason", reason),
			zap.Bool("permanent", mail.IsPermanent(err)),
			zap.Time("queued_at", e.QueuedAt),
			zap.Duration("retry_lifetime", w.opts.RetryLifetime),
		)
		if merr := w.store.MarkDead(markCtx, e.ID, e.Lease, now, reason); merr != nil {
			log.Error("outbox: marking mail dead failed; the lease expiry will try it again", zap.Error(merr))
		}
	default:
		// The last attempt is made when the lifetime ends, not skipped.
		next := now.Add(Backoff(e.Attempts, w.opts.RetryBase, w.opts.RetryMax))
		if end := w.deadline(e); next.After(end) {
			next = end
		}
		w.retried.Add(1)
		log.Warn("outbox: mail not sent, will retry", zap.Error(err), zap.Duration("retry_in", next.Sub(now)))
		if merr := w.store.Retry(markCtx, e.ID, e.Lease, next, errorText(err)); merr != nil {
			log.Error("outbox: scheduling a retry failed; the lease expiry will retry it", zap.Error(merr))
		}
	}
}

// deadline is when e's retry lifetime ends.
func (w *Worker) deadline(e Entry) time.Time {
	from := e.QueuedAt
	if from.IsZero() {
		from = e.CreatedAt
	}
	return from.Add(w.opts.RetryLifetime)
}

// expired reports whether e, having just failed at now, gets no other attempt.
func (w *Worker) expired(e Entry, now time.Time) bool {
	return !now.Before(w.deadline(e)) || (w.opts.MaxAttempts > 0 && e.Attempts >= w.opts.MaxAttempts)
}

// Backoff returns the wait after a message's attempt-th failed attempt: a uniformly
// random duration between 0 and min(limit, base*2^(attempt-1)) ("full jitter", which
// spreads the retries of many messages that failed together).
func Backoff(attempt int, base, limit time.Duration) time.Duration {
	return mathrand.N(BackoffCeiling(attempt, base, limit) + 1)
}

// BackoffCeiling is the upper bound of Backoff: base*2^(attempt-1), capped at limit.
func BackoffCeiling(attempt int, base, limit time.Duration) time.Duration {
	ceiling := base
	for i := 1; i < attempt && ceiling < limit; i++ {
		ceiling *= 2
	}
	return min(ceiling, limit)
}

// errorText is what the store keeps of an error: enough to diagnose, bounded in size.
func errorText(err error) string {
	const limit = 1000
	s := err.Error()
	if len(s) > limit {
		s = strings.ToValidUTF8(s[:limit], "") + "…"
	}
	return s
}

func newToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
