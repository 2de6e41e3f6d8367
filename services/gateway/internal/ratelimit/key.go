package ratelimit

import "net/netip"

// DefaultIPv6Prefix is how many leading bits of an IPv6 address name one client. A
// home or a server usually gets a whole /64 (2^64 addresses): keyed by the full
// address, one machine could take a fresh allowance with every request.
const DefaultIPv6Prefix = 64

// ClientKey is the key a client is limited by: an IPv4 address as itself, an IPv6
// address by its network of ipv6Prefix bits ("2001:db8:1:2::/64"). An IPv4 address
// mapped into IPv6 counts as the IPv4 address. Every limiter keyed by client uses it.
func ClientKey(a netip.Addr, ipv6Prefix int) string {
	a = a.Unmap()
	if !a.Is6() || ipv6Prefix <= 0 || ipv6Prefix >= 128 {
		return a.String()
	}
	p, err := a.WithZone("").Prefix(ipv6Prefix)
	if err != nil {
		return a.String()
	}
	return p.String()
}
