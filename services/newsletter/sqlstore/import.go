package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/portfolio-site/portfolio/services/mail"
	"github.com/portfolio-site/portfolio/services/newsletter"
	"github.com/portfolio-site/portfolio/services/sqldb"
)

// importChunk is how many subscribers of an import go in one statement on PostgreSQL
// (arrays of that length), and how many emails are queued at once on either database.
const importChunk = 1000

// Import implements newsletter.Store. It runs in a transaction of its own, not as a
// unit of a group commit (sqldb.DB.Write): it holds the transaction for seconds, and
// must not hold up the requests a group commit would have put with it. On SQLite the
// site's other writes wait for it meanwhile (one writer); on PostgreSQL only those of
// the same addresses do, and another import on the same day waits for the day's count
// of confirmations (claim_import_confirmations.sql).
func (s *Store) Import(ctx context.Context, subs []newsletter.ImportedSubscriber, at time.Time, perDay int, emails newsletter.EmailsFunc) (newsletter.ImportOutcome, error) {
	out := newsletter.ImportOutcome{Known: make(map[string]newsletter.State), Held: make(map[string]bool), Resent: make(map[string]bool)}
	// Own transaction, not sqldb.DB.Write: see above and docs/decisions/0038.
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return out, fmt.Errorf("newsletter: import: %w", err)
	}
	defer func() { _ = tx.Rollback() }() // a no-op after Commit
	day := at.UTC().Truncate(24 * time.Hour).UnixMilli()
	var sent int
	if err := tx.QueryRowContext(ctx, s.q.ClaimImportConfirmations, day).Scan(&sent); err != nil {
		return out, fmt.Errorf("newsletter: import: the day's confirmations: %w", err)
	}
	allowed := max(perDay-sent, 0)
	b := &budget{left: allowed, out: out}
	add := s.importRows
	if s.db.Dialect == sqldb.Postgres {
		add = s.importRowsPostgres
	}
	for chunk := range slices.Chunk(subs, importChunk) {
		confirm, err := add(ctx, tx, chunk, at, b)
		if err != nil {
			return out, fmt.Errorf("newsletter: import: %w", err)
		}
		var msgs []mail.Message
		for _, sub := range confirm {
			m, err := emails(sub)
			if err != nil {
				return out, fmt.Errorf("newsletter: import: %w", err)
			}
			msgs = append(msgs, m...)
		}
		if len(msgs) > 0 {
			if err := s.outbox.QueueTx(ctx, tx, msgs...); err != nil {
				return out, fmt.Errorf("newsletter: import: queue: %w", err)
			}
		}
	}
	if used := allowed - b.left; used > 0 {
		if _, err := tx.ExecContext(ctx, s.q.AddImportConfirmations, day, used); err != nil {
			return out, fmt.Errorf("newsletter: import: the day's confirmations: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return out, fmt.Errorf("newsletter: import: %w", err)
	}
	return out, nil
}

// known is an address of an import's row already on the list: its subscriber, and
// whether it is owed the confirmation an earlier import held back.
type known struct {
	sub  newsletter.Subscriber
	owed bool
}

// budget is what one import may still send: the day's import confirmations left, and
// the outcome it fills.
type budget struct {
	left int
	out  newsletter.ImportOutcome
}

// confirms reports whether the unconfirmed row in, added (k nil) or known, gets its
// confirmation now, counting it; one it does not go in out.Held. A known address gets
// one only if it is owed it and in is unconfirmed (its Token is the link's).
func (b *budget) confirms(in newsletter.ImportedSubscriber, k *known) bool {
	if k != nil {
		b.out.Known[in.EmailKey] = k.sub.State
		if !k.owed || in.State != newsletter.StateUnconfirmed {
			return false
		}
	} else if in.State != newsletter.StateUnconfirmed {
		return false
	}
	if b.left == 0 {
		b.out.Held[in.EmailKey] = true
		return false
	}
	b.left--
	if k != nil {
		b.out.Resent[in.EmailKey] = true
	}
	return true
}

// importRows adds subs one statement each (SQLite: in process, no round trips to
// save), and returns the subscribers, new or owed theirs, whose confirmation it linked
// (b.confirms), for their email.
func (s *Store) importRows(ctx context.Context, tx *sql.Tx, subs []newsletter.ImportedSubscriber, at time.Time, b *budget) ([]newsletter.Subscriber, error) {
	var confirm []newsletter.Subscriber
	now := at.UnixMilli()
	for _, in := range subs {
		// Whether a new row gets its confirmation is decided before it is known to be new:
		// the time is stored with it, and dropped with it if it is not.
		var sentAt any // NULL: no confirmation queued
		if in.State == newsletter.StateUnconfirmed && b.left > 0 {
			sentAt = now
		}
		var id int64
		err := tx.QueryRowContext(ctx, s.q.InsertImportedSubscriber, in.Email, in.EmailKey, in.Name, string(in.State),
			in.SubscribedAt.UnixMilli(), nullTime(in.ConfirmedAt), nullTime(in.UnsubscribedAt), sentAt).Scan(&id)
		var sub newsletter.Subscriber
		switch {
		case errors.Is(err, sql.ErrNoRows):
			var k known
			if k.sub, err = scanSubscriber(tx.QueryRowContext(ctx, s.q.GetKnownByEmailKey, in.EmailKey), &k.owed); err != nil {
				return nil, fmt.Errorf("known address: %w", err)
			}
			if !b.confirms(in, &k) {
				continue
			}
			if _, err := tx.ExecContext(ctx, s.q.MarkConfirmationSent, k.sub.ID, now); err != nil {
				return nil, fmt.Errorf("owed confirmation: %w", err)
			}
			sub = k.sub
		case err != nil:
			return nil, fmt.Errorf("add: %w", err)
		case !b.confirms(in, nil):
			continue
		default:
			sub = imported(id, in)
		}
		if _, err := tx.ExecContext(ctx, s.q.InsertConfirmation, in.Token.Hash, sub.ID, now, in.Token.ExpiresAt.UnixMilli()); err != nil {
			return nil, fmt.Errorf("link: %w", err)
		}
		confirm = append(confirm, sub)
	}
	return confirm, nil
}

// importRowsPostgres is importRows in a few statements for all of subs: the
// subscribers (unconfirmed ones without a confirmation time), those already known, the
// links, and the confirmation times of those that got one.
func (s *Store) importRowsPostgres(ctx context.Context, tx *sql.Tx, subs []newsletter.ImportedSubscriber, at time.Time, b *budget) ([]newsletter.Subscriber, error) {
	n := len(subs)
	emails, keys, names, states := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	// sent stays all 0 (NULL): MarkConfirmationsSent times those that get a link.
	subscribed, confirmed, unsubscribed, sent := make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
	for i, in := range subs {
		emails[i], keys[i], names[i], states[i] = in.Email, in.EmailKey, in.Name, string(in.State)
		subscribed[i] = in.SubscribedAt.UnixMilli()
		confirmed[i], unsubscribed[i] = zeroOrMillis(in.ConfirmedAt), zeroOrMillis(in.UnsubscribedAt)
	}
	rows, err := tx.QueryContext(ctx, s.pg.InsertImportedSubscribers, emails, keys, names, states, subscribed, confirmed, unsubscribed, sent)
	if err != nil {
		return nil, fmt.Errorf("add: %w", err)
	}
	ids := make(map[string]int64, n)
	for rows.Next() {
		var id int64
		var key string
		if err := rows.Scan(&id, &key); err != nil {
			_ = rows.Close()
			return nil, fmt.Errorf("add: %w", err)
		}
		ids[key] = id
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("add: %w", err)
	}
	var missing []string
	for _, in := range subs {
		if _, ok := ids[in.EmailKey]; !ok {
			missing = append(missing, in.EmailKey)
		}
	}
	knownRows, err := s.knownRows(ctx, tx, missing)
	if err != nil {
		return nil, err
	}

	// In the file's order, new and known rows alike.
	var confirm []newsletter.Subscriber
	var hashes []string
	var linked, expires []int64
	for _, in := range subs {
		var sub newsletter.Subscriber
		if id, ok := ids[in.EmailKey]; ok {
			if !b.confirms(in, nil) {
				continue
			}
			sub = imported(id, in)
		} else {
			k := knownRows[in.EmailKey]
			if !b.confirms(in, &k) {
				continue
			}
			sub = k.sub
		}
		hashes, linked, expires = append(hashes, in.Token.Hash), append(linked, sub.ID), append(expires, in.Token.ExpiresAt.UnixMilli())
		confirm = append(confirm, sub)
	}
	if len(hashes) > 0 {
		if _, err := tx.ExecContext(ctx, s.pg.InsertConfirmations, hashes, linked, expires, at.UnixMilli()); err != nil {
			return nil, fmt.Errorf("links: %w", err)
		}
		if _, err := tx.ExecContext(ctx, s.pg.MarkConfirmationsSent, linked, at.UnixMilli()); err != nil {
			return nil, fmt.Errorf("links: %w", err)
		}
	}
	return confirm, nil
}

// knownRows are the known addresses keys, by EmailKey (get_known_by_email_keys.sql).
func (s *Store) knownRows(ctx context.Context, tx *sql.Tx, keys []string) (map[string]known, error) {
	out := make(map[string]known, len(keys))
	if len(keys) == 0 {
		return out, nil
	}
	rows, err := tx.QueryContext(ctx, s.pg.GetKnownByEmailKeys, keys)
	if err != nil {
		return nil, fmt.Errorf("known addresses: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var key string
		var k known
		if k.sub, err = scanSubscriber(rows, &key, &k.owed); err != nil {
			return nil, fmt.Errorf("known addresses: %w", err)
		}
		out[key] = k
	}
	return out, rows.Err()
}

// imported is the subscriber in, stored as id.
func imported(id int64, in newsletter.ImportedSubscriber) newsletter.Subscriber {
	return newsletter.Subscriber{
		ID: id, Email: in.Email, Name: in.Name, State: in.State,
		SubscribedAt: in.SubscribedAt, ConfirmedAt: in.ConfirmedAt, UnsubscribedAt: in.UnsubscribedAt,
		Source: newsletter.SourceImport,
	}
}

// nullTime is t in milliseconds, or NULL for the zero time.
func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}

// zeroOrMillis is t in milliseconds, or 0 for the zero time (NULL to
// insert_imported_subscribers.sql).
func zeroOrMillis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}
