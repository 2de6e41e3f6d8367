package server

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strings"

	"github.com/portfolio-site/portfolio/services/gateway/internal/ratelimit"
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

// client is who made a request: their address, and the key every per-client limit
// counts them by (ratelimit.ClientKey: an IPv6 address by its network).
type client struct {
	addr netip.Addr
	key  string
}

// withClientIP puts the client's address and limit key into the request context for
// the handlers and middleware after it (rate limiting, the admin's sign-in limits,
// storing who sent a message). ipv6Prefix is PORTFOLIO_RATE_LIMIT_IPV6_PREFIX.
func withClientIP(trusted []netip.Prefix, ipv6Prefix int) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			a := clientIP(r, trusted)
			ctx := context.WithValue(r.Context(), clientIPKey{}, client{addr: a, key: ratelimit.ClientKey(a, ipv6Prefix)})
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// clientIPFrom returns the address withClientIP found, or the zero Addr.
func clientIPFrom(ctx context.Context) netip.Addr {
	c, _ := ctx.Value(clientIPKey{}).(client)
	return c.addr
}

// clientKeyFrom returns the key withClientIP found, by which every per-client limit
// counts the client; "invalid IP" when there is none.
func clientKeyFrom(ctx context.Context) string {
	c, ok := ctx.Value(clientIPKey{}).(client)
	if !ok {
		return netip.Addr{}.String()
	}
	return c.key
}
