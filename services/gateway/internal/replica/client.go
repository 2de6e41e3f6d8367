// Package replica replicates the gateway's SQLite database continuously to a file
// path, an S3-compatible store or an SFTP server, and restores it from there, with
// Litestream embedded as a library (docs/decisions/0053). The gateway drives the
// syncs itself (Replicator), so that it knows when the replica last held every
// write (the lag), sends nothing while the database does not change, and counts the
// object store's requests and bytes.
package replica

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"sync/atomic"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/benbjohnson/litestream/file"
	"github.com/benbjohnson/litestream/s3"
	"github.com/benbjohnson/litestream/sftp"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/superfly/ltx"
)

// NewClient is the replica at rawURL (config checked its form): file:///path,
// s3://bucket/prefix?endpoint=…&region=… or sftp://user[:password]@host/path. The
// S3 credentials and default region come from the AWS_* variables as getenv sees them
// (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION); without keys the AWS SDK's
// own chain (its environment, shared files, instance roles) applies.
func NewClient(rawURL string, getenv func(string) string) (litestream.ReplicaClient, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("replica URL: %w", err)
	}
	switch u.Scheme {
	case "file":
		return file.NewReplicaClient(u.Path), nil
	case "s3":
		c, err := litestream.NewReplicaClientFromURL(rawURL)
		if err != nil {
			return nil, fmt.Errorf("replica URL: %w", err)
		}
		client := c.(*s3.ReplicaClient)
		if v := getenv("AWS_ACCESS_KEY_ID"); v != "" {
			client.AccessKeyID, client.SecretAccessKey = v, getenv("AWS_SECRET_ACCESS_KEY")
		}
		if client.Region == "" {
			// Without a region and an endpoint, the client would ask AWS for the
			// bucket's region when it starts: a start that depends on the network.
			client.Region = getenv("AWS_REGION")
		}
		return client, nil
	case "sftp":
		c, err := litestream.NewReplicaClientFromURL(rawURL)
		if err != nil {
			return nil, fmt.Errorf("replica URL: %w", err)
		}
		client := c.(*sftp.ReplicaClient)
		client.KeyPath = u.Query().Get("key_path")
		client.HostKey = u.Query().Get("host_key")
		return client, nil
	}
	return nil, fmt.Errorf("replica URL: unsupported scheme %q", u.Scheme)
}

// Redacted is rawURL as it may be logged: without a password.
func Redacted(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "(unparsable URL)"
	}
	return u.Redacted()
}

// Counting is a replica client that counts what it asks of the store: requests by
// operation and the bytes it sends. One call is one request for the store's ordinary
// operations; a listing longer than 1,000 files (S3 pages) or an upload larger than
// the multipart part size (5 MB) takes a few more, which only a snapshot reaches.
type Counting struct {
	litestream.ReplicaClient
	requests *prometheus.CounterVec
	sent     prometheus.Counter
	calls    atomic.Int64 // every request, failed or not
	lastOK   atomic.Int64 // Unix ns of the last request that succeeded
	now      func() time.Time
}

// Operations the counters are labelled with.
const (
	opList   = "list"
	opGet    = "get"
	opPut    = "put"
	opDelete = "delete"
)

// NewCounting wraps c; its counters are in Collectors.
func NewCounting(c litestream.ReplicaClient, now func() time.Time) *Counting {
	cc := &Counting{
		ReplicaClient: c,
		now:           now,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "portfolio_replica_requests_total",
			Help: "Requests sent to the replica's store (PORTFOLIO_REPLICA_URL), by operation: list, get, put, delete.",
		}, []string{"operation"}),
		sent: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "portfolio_replica_sent_bytes_total",
			Help: "Bytes uploaded to the replica's store.",
		}),
	}
	for _, op := range []string{opList, opGet, opPut, opDelete} {
		cc.requests.WithLabelValues(op) // every series from the start, at 0
	}
	return cc
}

// Collectors are the counters, for the gateway's registry.
func (c *Counting) Collectors() []prometheus.Collector {
	return []prometheus.Collector{c.requests, c.sent}
}

// Requests is how many requests were sent so far.
func (c *Counting) Requests() int64 { return c.calls.Load() }

// LastOK is when a request last succeeded (zero before the first).
func (c *Counting) LastOK() time.Time {
	if ns := c.lastOK.Load(); ns != 0 {
		return time.Unix(0, ns)
	}
	return time.Time{}
}

func (c *Counting) count(op string, err error) {
	c.calls.Add(1)
	c.requests.WithLabelValues(op).Inc()
	if err == nil {
		c.lastOK.Store(c.now().UnixNano())
	}
}

func (c *Counting) LTXFiles(ctx context.Context, level int, seek ltx.TXID, useMetadata bool) (ltx.FileIterator, error) {
	itr, err := c.ReplicaClient.LTXFiles(ctx, level, seek, useMetadata)
	if err != nil {
		c.count(opList, err)
		return nil, err
	}
	// The store is asked when the iterator first moves (S3) or at once (file).
	return &countingIterator{FileIterator: itr, done: func(err error) { c.count(opList, err) }}, nil
}

func (c *Counting) OpenLTXFile(ctx context.Context, level int, minTXID, maxTXID ltx.TXID, offset, size int64) (io.ReadCloser, error) {
	rc, err := c.ReplicaClient.OpenLTXFile(ctx, level, minTXID, maxTXID, offset, size)
	c.count(opGet, err)
	return rc, err
}

func (c *Counting) WriteLTXFile(ctx context.Context, level int, minTXID, maxTXID ltx.TXID, r io.Reader) (*ltx.FileInfo, error) {
	cr := &countingReader{r: r}
	info, err := c.ReplicaClient.WriteLTXFile(ctx, level, minTXID, maxTXID, cr)
	c.count(opPut, err)
	c.sent.Add(float64(cr.n))
	return info, err
}

func (c *Counting) DeleteLTXFiles(ctx context.Context, a []*ltx.FileInfo) error {
	err := c.ReplicaClient.DeleteLTXFiles(ctx, a)
	// One request per 1,000 files (S3's DeleteObjects); none for none.
	for i := 0; i < len(a); i += 1000 {
		c.count(opDelete, err)
	}
	return err
}

func (c *Counting) DeleteAll(ctx context.Context) error {
	err := c.ReplicaClient.DeleteAll(ctx)
	c.count(opDelete, err)
	return err
}

// countingIterator counts its listing once, when it is closed, as failed if it met
// an error.
type countingIterator struct {
	ltx.FileIterator
	done    func(error)
	counted bool
}

func (it *countingIterator) Close() error {
	err := it.FileIterator.Close()
	if !it.counted {
		it.counted = true
		if e := it.Err(); e != nil && err == nil {
			err = e
		}
		it.done(err)
	}
	return err
}

type countingReader struct {
	r io.Reader
	n int64
}

func (r *countingReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	r.n += int64(n)
	return n, err
}
