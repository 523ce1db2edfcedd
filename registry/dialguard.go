package registry

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"syscall"
)

// privateIP reports whether ip is this machine or a private network:
// loopback, unspecified (0.0.0.0 reaches this machine's listeners),
// RFC 1918 and fc00::/7, link-local (169.254/16 holds the cloud metadata
// address), the shared 100.64/10 range (carrier NAT, Tailscale, Alibaba's
// metadata at 100.100.100.200), and an IPv4 address inside the NAT64
// prefix 64:ff9b::/96 or IPv4-compatible (::127.0.0.1). IPv4-mapped IPv6 (::ffff:127.0.0.1) counts as its
// IPv4 address.
func privateIP(ip net.IP) bool {
	if ip == nil {
		return false
	}
	if ip.IsLoopback() || ip.IsUnspecified() {
		return true // before ::/96, which holds ::1 and ::
	}
	if ip16 := ip.To16(); ip.To4() == nil && ip16 != nil && (nat64Prefix.Contains(ip16) || v4CompatPrefix.Contains(ip16)) {
		return privateIP(net.IP(ip16[12:16]))
	}
	return ip.IsLoopback() || ip.IsUnspecified() || ip.IsPrivate() ||
		ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() || ip.IsInterfaceLocalMulticast() ||
		sharedRange.Contains(ip)
}

var (
	sharedRange = &net.IPNet{IP: net.IPv4(100, 64, 0, 0).To4(), Mask: net.CIDRMask(10, 32)}
	nat64Prefix = &net.IPNet{IP: net.ParseIP("64:ff9b::"), Mask: net.CIDRMask(96, 128)}
	// v4CompatPrefix holds the deprecated IPv4-compatible form ::a.b.c.d
	// (::127.0.0.1); ::1 and :: are caught as loopback and unspecified.
	v4CompatPrefix = &net.IPNet{IP: net.IPv6zero, Mask: net.CIDRMask(96, 128)}
)

// PrivateAddrError is a dial refused because the address a host name
// resolved to is this machine or a private network.
type PrivateAddrError struct{ Addr string }

func (e *PrivateAddrError) Error() string {
	return "resolves to " + e.Addr + ", which is this machine or a private network"
}

// dialGuard checks the address actually dialled, after DNS, on every
// connection a fetcher opens (redirects and retries included): a host
// name that resolves to 127.0.0.1, 10.x or 169.254.169.254 reaches this
// machine's or the network's own services as surely as the literal does,
// and a name can answer differently between a check and the dial (DNS
// rebinding), so the check sits in the dialler's Control hook.
//
// Dials that may reach a private address: every one with
// AllowPrivateHosts; to a host written as an IP literal or localhost
// (what the user or the lock wrote; pull --check refuses a lock's
// private literals before this, and remote content never names another
// host, as redirects and index URLs are same-origin); to the configured
// GitHub bases (the user's settings); and to the proxy from the
// environment (the proxy resolves the target's name, not this process).
type dialGuard struct {
	allowAll bool
	trusted  map[string]bool // lower-case host names from the user's settings
	proxies  sync.Map        // proxy host names seen by the Proxy func
}

func newDialGuard(opts RemoteOptions) *dialGuard {
	g := &dialGuard{allowAll: opts.AllowPrivateHosts, trusted: map[string]bool{}}
	for _, base := range []string{opts.GitHubRaw, opts.GitHubAPI} {
		if u, err := url.Parse(base); err == nil && u.Hostname() != "" {
			g.trusted[strings.ToLower(u.Hostname())] = true
		}
	}
	return g
}

// proxy is http.ProxyFromEnvironment, remembering the proxies it names
// so their (often private) addresses may be dialled.
func (g *dialGuard) proxy(req *http.Request) (*url.URL, error) {
	u, err := http.ProxyFromEnvironment(req)
	if u != nil {
		g.proxies.Store(strings.ToLower(u.Hostname()), true)
	}
	return u, err
}

// mayReachPrivate: whether a dial to host (as written, before DNS) may
// end at a private address.
func (g *dialGuard) mayReachPrivate(host string) bool {
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if g.allowAll || g.trusted[host] || net.ParseIP(host) != nil ||
		host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	_, isProxy := g.proxies.Load(host)
	return isProxy
}

// testDialAlias, set by tests only, dials the mapped address in place of
// a host name, standing in for a DNS answer without a DNS server.
var testDialAlias map[string]string

// dialContext wraps d: dials that may not reach a private address go
// through a copy of d whose Control hook refuses one.
func (g *dialGuard) dialContext(d *net.Dialer) func(ctx context.Context, network, addr string) (net.Conn, error) {
	guarded := *d
	guarded.Control = refusePrivate
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, err
		}
		if alias, ok := testDialAlias[host]; ok {
			addr = net.JoinHostPort(alias, port)
		}
		if g.mayReachPrivate(host) {
			return d.DialContext(ctx, network, addr)
		}
		return guarded.DialContext(ctx, network, addr)
	}
}

// refusePrivate is a net.Dialer Control hook: address is the IP and port
// about to be connected to.
func refusePrivate(_, address string, _ syscall.RawConn) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return fmt.Errorf("dial %q: %w", address, err)
	}
	// An address that does not parse is refused too: the hook fails closed.
	if ip := hostIP(host); ip == nil || privateIP(ip) {
		return &PrivateAddrError{Addr: host}
	}
	return nil
}

// privateAddrIn finds a PrivateAddrError in err's chain.
func privateAddrIn(err error) (*PrivateAddrError, bool) {
	var pe *PrivateAddrError
	ok := errors.As(err, &pe)
	return pe, ok
}
