package pages

import "time"

// SetNow makes n render as if it were now (its footer's year).
func SetNow(n *Notices, now func() time.Time) { n.now = now }
