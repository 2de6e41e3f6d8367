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

// Event is one change of a section's releases: publish, promote, rollback or expire,
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
}
