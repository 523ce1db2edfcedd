package registry

import (
	"net"
	"net/netip"
	"strconv"
	"strings"
)

// hostIP is the address host spells, or nil for a name: the forms
// net.ParseIP reads, and also what it refuses but a resolver or the
// kernel still connects to. An IPv6 literal with a zone
// ("fe80::1%eth0", written "[fe80::1%25eth0]" in a URL) is its address
// without the zone; the classic inet_aton spellings of IPv4 that glibc's
// resolver accepts ("2130706433", "0x7f.1", "0177.0.0.1", "127.1") are
// the address they name. Each slipped past a check that only knew
// net.ParseIP while the dial reached 127.0.0.1 or fe80::1.
func hostIP(host string) net.IP {
	host = strings.Trim(host, "[]")
	if a, err := netip.ParseAddr(host); err == nil {
		return net.IP(a.WithZone("").AsSlice())
	}
	return inetAton(host)
}

// inetAton reads a.b.c.d, a.b.c (c 16 bits), a.b (b 24 bits) and a
// (32 bits), each part decimal, 0-prefixed octal or 0x-prefixed hex.
func inetAton(s string) net.IP {
	parts := strings.Split(s, ".")
	if s == "" || len(parts) > 4 {
		return nil
	}
	var v uint64
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 0, 32)
		if err != nil || p == "" || p[0] == '+' || strings.Contains(p, "_") {
			return nil
		}
		last := i == len(parts)-1
		bits := uint(8)
		if last {
			bits = uint(8 * (4 - i))
		}
		if n >= 1<<bits {
			return nil
		}
		if last {
			v = v<<bits | n
		} else {
			v = v<<8 | n
		}
	}
	return net.IPv4(byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
}
