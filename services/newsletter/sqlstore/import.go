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
// the same addresses do.
func (s *Store) Import(ctx context.Context, subs []newsletter.ImportedSubscriber, at time.Time, emails newsletter.EmailsFunc) (map[string]newsletter.State, error) {
	known := make(map[string]newsletter.State)
	// Own transaction, not sqldb.DB.Write: see above and docs/decisions/0038.
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("newsletter: import: %w", err)
	}
	defer func() { _ = tx.Rollback() }() // a no-op after Commit
	add := s.importRows
	if s.db.Dialect == sqldb.Postgres {
		add = s.importRowsPostgres
	}
	for chunk := range slices.Chunk(subs, importChunk) {
		added, err := add(ctx, tx, chunk, at, known)
		if err != nil {
			return nil, fmt.Errorf("newsletter: import: %w", err)
		}
		var msgs []mail.Message
		for _, sub := range added {
			if sub.State != newsletter.StateUnconfirmed {
				continue
			}
			m, err := emails(sub)
			if err != nil {
				return nil, fmt.Errorf("newsletter: import: %w", err)
			}
			msgs = append(msgs, m...)
		}
		if len(msgs) > 0 {
			if err := s.outbox.QueueTx(ctx, tx, msgs...); err != nil {
				return nil, fmt.Errorf("newsletter: import: queue: %w", err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("newsletter: import: %w", err)
	}
	return known, nil
}

// importRows adds subs one statement each (SQLite: in process, no round trips to
// save) and returns those added; the known ones go in known.
func (s *Store) importRows(ctx context.Context, tx *sql.Tx, subs []newsletter.ImportedSubscriber, at time.Time, known map[string]newsletter.State) ([]newsletter.Subscriber, error) {
	added := make([]newsletter.Subscriber, 0, len(subs))
	now := at.UnixMilli()
	for _, in := range subs {
		var id int64
		err := tx.QueryRowContext(ctx, s.q.InsertImportedSubscriber, in.Email, in.EmailKey, in.Name, string(in.State),
			in.SubscribedAt.UnixMilli(), nullTime(in.ConfirmedAt), nullTime(in.UnsubscribedAt), confirmationSent(in, at)).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			var state newsletter.State
			if err := tx.QueryRowContext(ctx, s.q.GetStateByEmailKey, in.EmailKey).Scan(&state); err != nil {
				return nil, fmt.Errorf("known address: %w", err)
			}
			known[in.EmailKey] = state
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("add: %w", err)
		}
		if in.State == newsletter.StateUnconfirmed {
			if _, err := tx.ExecContext(ctx, s.q.InsertConfirmation, in.Token.Hash, id, now, in.Token.ExpiresAt.UnixMilli()); err != nil {
				return nil, fmt.Errorf("link: %w", err)
			}
		}
		added = append(added, imported(id, in))
	}
	return added, nil
}

// importRowsPostgres is importRows in three statements for all of subs: the
// subscribers, the states of those already known, the links.
func (s *Store) importRowsPostgres(ctx context.Context, tx *sql.Tx, subs []newsletter.ImportedSubscriber, at time.Time, known map[string]newsletter.State) ([]newsletter.Subscriber, error) {
	n := len(subs)
	emails, keys, names, states := make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	subscribed, confirmed, unsubscribed, sent := make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
	for i, in := range subs {
		emails[i], keys[i], names[i], states[i] = in.Email, in.EmailKey, in.Name, string(in.State)
		subscribed[i] = in.SubscribedAt.UnixMilli()
		confirmed[i], unsubscribed[i] = zeroOrMillis(in.ConfirmedAt), zeroOrMillis(in.UnsubscribedAt)
		if c, ok := confirmationSent(in, at).(int64); ok {
			sent[i] = c
		}
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

	added := make([]newsletter.Subscriber, 0, len(ids))
	var missing, hashes []string
	var linked, expires []int64
	for _, in := range subs {
		id, ok := ids[in.EmailKey]
		if !ok {
			missing = append(missing, in.EmailKey)
			continue
		}
		if in.State == newsletter.StateUnconfirmed {
			hashes, linked, expires = append(hashes, in.Token.Hash), append(linked, id), append(expires, in.Token.ExpiresAt.UnixMilli())
		}
		added = append(added, imported(id, in))
	}
	if len(missing) > 0 {
		if err := s.knownStates(ctx, tx, missing, known); err != nil {
			return nil, err
		}
	}
	if len(hashes) > 0 {
		if _, err := tx.ExecContext(ctx, s.pg.InsertConfirmations, hashes, linked, expires, at.UnixMilli()); err != nil {
			return nil, fmt.Errorf("links: %w", err)
		}
	}
	return added, nil
}

// knownStates puts the states of the addresses keys in known.
func (s *Store) knownStates(ctx context.Context, tx *sql.Tx, keys []string, known map[string]newsletter.State) error {
	rows, err := tx.QueryContext(ctx, s.pg.GetStatesByEmailKeys, keys)
	if err != nil {
		return fmt.Errorf("known addresses: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var key string
		var state newsletter.State
		if err := rows.Scan(&key, &state); err != nil {
			return fmt.Errorf("known addresses: %w", err)
		}
		known[key] = state
	}
	return rows.Err()
}

// imported is the subscriber in, stored as id.
func imported(id int64, in newsletter.ImportedSubscriber) newsletter.Subscriber {
	return newsletter.Subscriber{
		ID: id, Email: in.Email, Name: in.Name, State: in.State,
		SubscribedAt: in.SubscribedAt, ConfirmedAt: in.ConfirmedAt, UnsubscribedAt: in.UnsubscribedAt,
		Source: newsletter.SourceImport,
	}
}

// confirmationSent is when in's confirmation is queued: at, for an unconfirmed one;
// NULL otherwise.
func confirmationSent(in newsletter.ImportedSubscriber, at time.Time) any {
	if in.State != newsletter.StateUnconfirmed {
		return nil
	}
	return at.UnixMilli()
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
