package newsletter

import (
	"context"
	"fmt"
	"time"
)

// ResultsWindow is how long after a publication starts its unsubscribes (and the
// events that name no email of ours) count as its own.
const ResultsWindow = 7 * 24 * time.Hour

// Results are what became of a publication's emails, from the outbox and the relays'
// events (mail/hygiene): no open or click is tracked.
type Results struct {
	Sent         int `json:"sent"`         // accepted by the relay
	Delivered    int `json:"delivered"`    // reported delivered, where the relay reports it
	Bounced      int `json:"bounced"`      // reported bounced, hard or soft
	Complained   int `json:"complained"`   // marked as spam by their recipient
	Unsubscribed int `json:"unsubscribed"` // recipients who unsubscribed within ResultsWindow
}

// ResultsStore reads publications' results.
type ResultsStore interface {
	PublicationResults(ctx context.Context, publicationID int64, window time.Duration) (Results, error)
}

// Results returns the results of each edition's last publication, by edition id.
func (p *Publisher) Results(ctx context.Context) (map[int]Results, error) {
	last, err := p.LastPublications(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[int]Results, len(last))
	for id, pub := range last {
		r, err := p.store.PublicationResults(ctx, pub.ID, ResultsWindow)
		if err != nil {
			return nil, fmt.Errorf("newsletter: results of edition %d: %w", id, err)
		}
		out[id] = r
	}
	return out, nil
}
