package server

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"
)

// clientIP is the address of the client that made r. X-Forwarded-For is believed only
// when the direct peer is a trusted proxy, and then read from the right: the first
// address that is not itself a trusted proxy is the client (entries further left
// could have been written by the client). Without a usable answer it is the peer.
func clientIP(r *http.Request, trusted []netip.Prefix) netip.Addr {
	peer := peerAddr(r.RemoteAddr)
	if !peer.IsValid() || !isTrusted(peer, trusted) {
		return peer
	}
	var hops []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		for h := range strings.SplitSeq(v, ",") {
			hops = append(hops, strings.TrimSpace(h))
		}
	}
	client := peer
	for _, h := range slices.Backward(hops) {
		a, err := netip.ParseAddr(h)
		if err != nil {
			break // a garbled hop: trust nothing further left
		}
		client = a.Unmap()
		if !isTrusted(client, trusted) {
			break
		}
	}
	return client
}

func peerAddr(remote string) netip.Addr {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	return a.Unmap()
}

func isTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

type clientIPKey struct{}

// withClientIP puts the client's address into the request context for the handlers
// and middleware after it (rate limiting, storing who sent a message).
func withClientIP(trusted []netip.Prefix) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx := context.WithValue(r.Context(), clientIPKey{}, clientIP(r, trusted))
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// clientIPFrom returns the address withClientIP found, or the zero Addr.
func clientIPFrom(ctx context.Context) netip.Addr {
	a, _ := ctx.Value(clientIPKey{}).(netip.Addr)
	return a
}
