package server

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClientIP(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	tests := []struct {
		name   string
		remote string
		xff    []string
		want   string
	}{
		{"no proxy", "203.0.113.5:1234", nil, "203.0.113.5"},
		{"untrusted peer's header ignored", "203.0.113.5:1234", []string{"198.51.100.1"}, "203.0.113.5"},
		{"trusted proxy, one hop", "10.0.0.2:1234", []string{"198.51.100.1"}, "198.51.100.1"},
		{"trusted proxy without the header", "10.0.0.2:1234", nil, "10.0.0.2"},
		{"rightmost untrusted hop wins", "10.0.0.2:1234", []string{"1.1.1.1, 198.51.100.1, 10.0.0.9"}, "198.51.100.1"},
		{"several header lines", "10.0.0.2:1234", []string{"1.1.1.1", "198.51.100.1"}, "198.51.100.1"},
		{"garbled hop stops the walk", "10.0.0.2:1234", []string{"198.51.100.1, garbage, 10.0.0.3"}, "10.0.0.3"},
		{"all hops trusted", "10.0.0.2:1234", []string{"10.0.0.3, 10.0.0.4"}, "10.0.0.3"},
		{"IPv6 proxy", "[::1]:8080", []string{"2001:db8::1"}, "2001:db8::1"},
		{"IPv4-mapped peer", "[::ffff:10.0.0.2]:1234", []string{"198.51.100.1"}, "198.51.100.1"},
		{"unparsable remote", "somewhere", nil, "invalid IP"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/api/contact", nil)
			r.RemoteAddr = tt.remote
			for _, v := range tt.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := clientIP(r, trusted).String(); got != tt.want {
				t.Errorf("clientIP = %s, want %s", got, tt.want)
			}
		})
	}
}
