package registry

import (
	"net"
	"testing"
)

// FuzzHostIP: hostIP never panics, agrees with net.ParseIP wherever that
// reads the host, and what it reads is a 4- or 16-byte address.
func FuzzHostIP(f *testing.F) {
	for _, s := range []string{"127.0.0.1", "2130706433", "0x7f.1", "0177.0.0.1", "fe80::1%eth0", "[::1]", "example.com", "1.2.3.4.5", "0x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) {
		ip := hostIP(host)
		if std := net.ParseIP(host); std != nil && !std.Equal(ip) {
			t.Fatalf("hostIP(%q) = %v, net.ParseIP = %v", host, ip, std)
		}
		if ip != nil && len(ip) != net.IPv4len && len(ip) != net.IPv6len {
			t.Fatalf("hostIP(%q) has %d bytes", host, len(ip))
		}
	})
}
