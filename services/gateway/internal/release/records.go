package release

import (
	"errors"
	"time"
)

// The store's errors, for callers to tell apart.
var (
	ErrNoRelease         = errors.New("no such release")
	ErrVersionTaken      = errors.New("version already published with other contents")
	ErrNothingToRollBack = errors.New("nothing to roll back")
	// ErrNotIndexed is a release whose files the store keeps only in its artifact: one
	// published by a gateway from before they were kept one by one.
	ErrNotIndexed = errors.New("release files not indexed")
)

// Record is a published release as the store lists it.
type Record struct {
	Section     string    `json:"section"`
	Version     string    `json:"version"`
	Digest      string    `json:"digest"`
	Size        int64     `json:"size"`
	PublishedAt time.Time `json:"publishedAt"`
	PublishedBy string    `json:"publishedBy"`
	SignedBy    string    `json:"signedBy"` // the signing key's fingerprint, '' unsigned
}

// Event is one change of a section's releases: publish, promote, rollback, expire,
// canary (started or widened) or abort (a failing canary rolled back by the gateway),
// or of its keys: key-add, key-remove (Key is the key's fingerprint). Previous is the
// version a promote replaced or a rollback left (” for the shipped build).
type Event struct {
	Section  string    `json:"section"`
	Action   string    `json:"action"`
	Version  string    `json:"version"`
	Previous string    `json:"previous"`
	Actor    string    `json:"actor"`
	At       time.Time `json:"at"`
	Key      string    `json:"key,omitempty"`
	// Note says more: a canary's share ("10%"), or why the gateway aborted one.
	Note string `json:"note,omitempty"`
}

// ErrNoCanary is a section that runs no canary of the version named: it ended (rolled
// back, finished, or aborted by another replica) or never started.
var ErrNoCanary = errors.New("no such canary")

// Canary is a version a section serves to Percent of its new visitors beside its
// current one (docs/decisions/0059-canary-releases.md). Stages are the percents still
// to come, each Every after the last (NextAt); 100 finishes it.
type Canary struct {
	Section   string        `json:"section"`
	Version   string        `json:"version"`
	Percent   int           `json:"percent"`
	StartedAt time.Time     `json:"startedAt"`
	ChangedAt time.Time     `json:"changedAt"`
	Stages    []int         `json:"stages,omitempty"`
	Every     time.Duration `json:"-"`
	NextAt    time.Time     `json:"nextAt,omitzero"`
}
