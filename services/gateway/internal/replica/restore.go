package replica

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/superfly/ltx"
)

// Why a replica cannot be restored.
var (
	// ErrEmpty: the replica holds no database (a new site, or a new prefix).
	ErrEmpty = errors.New("the replica holds no database")
	// ErrNothingBefore: the replica holds nothing as old as the time asked for.
	ErrNothingBefore = errors.New("the replica holds nothing that old")
)

// Point is what a restore brought back.
type Point struct {
	// Generation is the snapshot the restored chain of files starts from, by its
	// transaction range ("0000000000000001-0000000000000a3c"): Litestream 0.5 names
	// a database's history by transaction IDs, so this is what a generation was.
	Generation string
	// Position is the last transaction restored (Litestream's TXID, in hex).
	Position string
	// LastWrite is when the last restored transaction reached the replica: the
	// newest write in the restored database is at most a sync interval older.
	LastWrite time.Time
	// Files is how many files the restore read.
	Files int
}

// Restore writes the database the replica behind client holds into dst, which must
// not exist: as of its newest transaction, or with at set, as of the last
// transaction that reached the replica before at. A replica with a gap in its
// history, or a file that fails its checksum, is refused with an error; dst is then
// not created. It does not check the database itself: the caller does
// (sqldb.CheckSQLite).
func Restore(ctx context.Context, client litestream.ReplicaClient, dst string, at time.Time, logger *slog.Logger) (Point, error) {
	if err := client.Init(ctx); err != nil {
		return Point{}, fmt.Errorf("replica: %w", err)
	}
	plan, err := litestream.CalcRestorePlan(ctx, client, 0, at, logger)
	switch {
	case errors.Is(err, litestream.ErrTxNotAvailable) && at.IsZero():
		return Point{}, ErrEmpty
	case errors.Is(err, litestream.ErrTxNotAvailable):
		return Point{}, fmt.Errorf("%w: %s", ErrNothingBefore, at.UTC().Format(time.RFC3339))
	case err != nil:
		return Point{}, fmt.Errorf("replica: %w", err)
	}
	first, last := plan[0], plan[len(plan)-1]
	p := Point{
		Generation: first.MinTXID.String() + "-" + first.MaxTXID.String(),
		Position:   last.MaxTXID.String(),
		Files:      len(plan),
	}
	if first.Level != litestream.SnapshotLevel {
		p.Generation = "none: from the first transaction (" + p.Generation + ")"
	}
	if p.LastWrite, err = writtenAt(ctx, client, last); err != nil {
		return Point{}, err
	}
	r := litestream.NewReplicaWithClient(nil, client)
	opt := litestream.NewRestoreOptions()
	opt.OutputPath = dst
	opt.TXID = last.MaxTXID // the plan above, whatever arrives meanwhile
	if err := r.Restore(ctx, opt); err != nil {
		return Point{}, fmt.Errorf("replica: %w", err)
	}
	return p, nil
}

// writtenAt is the time in the header of the replica's file info: when its last
// transaction was shipped.
func writtenAt(ctx context.Context, client litestream.ReplicaClient, info *ltx.FileInfo) (time.Time, error) {
	rc, err := client.OpenLTXFile(ctx, info.Level, info.MinTXID, info.MaxTXID, 0, ltx.HeaderSize)
	if err != nil {
		return time.Time{}, fmt.Errorf("replica: %w", err)
	}
	defer rc.Close() //nolint:errcheck // read only
	dec := ltx.NewDecoder(rc)
	if err := dec.DecodeHeader(); err != nil {
		return time.Time{}, fmt.Errorf("replica: file %s of level %d: %w", ltx.FormatFilename(info.MinTXID, info.MaxTXID), info.Level, err)
	}
	return time.UnixMilli(dec.Header().Timestamp).UTC(), nil
}
