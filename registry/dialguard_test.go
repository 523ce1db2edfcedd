package registry

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

func TestPrivateIP(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1": true, "127.8.9.10": true, "::1": true, "0.0.0.0": true, "::": true,
		"10.1.2.3": true, "172.16.0.1": true, "192.168.1.1": true, "fd00:ec2::254": true,
		"169.254.169.254": true, "fe80::1": true, "100.100.100.200": true, "100.64.0.1": true,
		"::ffff:127.0.0.1": true, "::ffff:169.254.169.254": true, "64:ff9b::a00:1": true, "64:ff9b::7f00:1": true,
		"8.8.8.8": false, "140.82.112.3": false, "100.128.0.1": false, "2606:4700::1111": false, "64:ff9b::808:808": false,
		"172.32.0.1": false,
		// IPv4-compatible (deprecated) forms of private addresses.
		"::127.0.0.1": true, "::a9fe:a9fe": true, "::10.0.0.1": true, "::8.8.8.8": false,
	} {
		if got := privateIP(net.ParseIP(addr)); got != want {
			t.Errorf("privateIP(%s) = %v, want %v", addr, got, want)
		}
	}
}

// aliasHost makes the fetcher's dials to name land on 127.0.0.1, as a DNS
// answer would, for the test.
func aliasHost(t *testing.T, name string) {
	t.Helper()
	testDialAlias = map[string]string{name: "127.0.0.1"}
	t.Cleanup(func() { testDialAlias = nil })
}

// A host name that resolves to this machine is refused at the dial, the
// request never reaching the server, with a message naming the address
// and --allow-private-hosts; the option fetches it, and a loopback
// literal the user wrote is still fetched.
func TestFetchRefusesAHostNameResolvingToAPrivateAddress(t *testing.T) {
	var hits atomic.Int64
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		fmt.Fprint(w, "# ok\n")
	}))
	defer s.Close()
	aliasHost(t, "skills.example.test")
	_, port, _ := net.SplitHostPort(s.Listener.Addr().String())
	named := "http://skills.example.test:" + port + "/SKILL.md"
	opts := RemoteOptions{NoCache: true, InsecureHTTP: true}.withDefaults()

	_, err := newFetcher(opts).get(context.Background(), named, expectText)
	if err == nil || hits.Load() != 0 || !strings.Contains(err.Error(), "not fetched: skills.example.test resolves to 127.0.0.1") ||
		!strings.Contains(err.Error(), "--allow-private-hosts") {
		t.Fatalf("name → 127.0.0.1: err %v, %d requests", err, hits.Load())
	}
	if _, err := newFetcher(opts).get(context.Background(), s.URL+"/SKILL.md", expectText); err != nil {
		t.Errorf("a loopback literal the user wrote: %v", err)
	}
	opts.AllowPrivateHosts = true
	if _, err := newFetcher(opts).get(context.Background(), named, expectText); err != nil {
		t.Errorf("with AllowPrivateHosts: %v", err)
	}
}

// The check is on every dial, not once per name: a name that answered a
// public address and then a private one (DNS rebinding) is refused on the
// connection that goes private, including one opened for a redirect.
func TestFetchChecksEveryDialOfAName(t *testing.T) {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/a" {
			w.Header().Set("Connection", "close")
			http.Redirect(w, r, "/b", http.StatusFound)
			return
		}
		fmt.Fprint(w, "# ok\n")
	}))
	defer s.Close()
	_, port, _ := net.SplitHostPort(s.Listener.Addr().String())
	opts := RemoteOptions{NoCache: true, InsecureHTTP: true, AllowPrivateHosts: true}.withDefaults()
	f := newFetcher(opts)
	// The first dial is let through (standing in for a public answer);
	// the redirect's new connection is guarded.
	var dials atomic.Int64
	inner := f.client.Transport.(*http.Transport).DialContext
	guarded := (&dialGuard{trusted: map[string]bool{}}).dialContext(&net.Dialer{})
	f.client.Transport.(*http.Transport).DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		if dials.Add(1) == 1 {
			return inner(ctx, network, addr)
		}
		return guarded(ctx, network, addr)
	}
	aliasHost(t, "rebind.example.test")
	_, err := f.get(context.Background(), "http://rebind.example.test:"+port+"/a", expectText)
	if err == nil || dials.Load() != 2 || !strings.Contains(err.Error(), "resolves to 127.0.0.1") {
		t.Fatalf("redirect on a rebound name: err %v after %d dials", err, dials.Load())
	}
}

// The Control hook sees the address being connected to; a zoned
// link-local one (from /etc/hosts or a literal with %25) was not parsed
// by net.ParseIP and went through, and one that does not parse at all is
// refused rather than let through.
func TestRefusePrivateZonesAndUnparsed(t *testing.T) {
	for addr, refused := range map[string]bool{
		"[fe80::1%eth0]:443": true, "[fe80::a9fe:a9fe%25lo]:80": true, "[::127.0.0.1]:80": true,
		"[::ffff:10.0.0.1]:80": true, "not-an-ip:80": true, "8.8.8.8:443": false, "[2606:4700::1111]:443": false,
	} {
		if got := refusePrivate("tcp", addr, nil) != nil; got != refused {
			t.Errorf("refusePrivate(%s) refused = %v, want %v", addr, got, refused)
		}
	}
}

// hostIP reads what a resolver would connect to: zoned IPv6 and the
// inet_aton spellings of IPv4; names stay names.
func TestHostIP(t *testing.T) {
	for host, want := range map[string]string{
		"2130706433": "127.0.0.1", "0x7f000001": "127.0.0.1", "0177.0.0.1": "127.0.0.1", "127.1": "127.0.0.1",
		"0x7f.1": "127.0.0.1", "10.0x10.1": "10.16.0.1", "169.254.43518": "169.254.169.254", "0": "0.0.0.0",
		"fe80::1%eth0": "fe80::1", "[::1]": "::1", "::ffff:127.0.0.1": "127.0.0.1",
		"example.com": "", "4294967296": "", "1.2.3.4.5": "", "256.1.1.1": "", "1.256.1.1": "", "": "", "1..1": "",
		"+1": "", "0x": "", "09": "", "1_0": "", "skills.0x7f": "",
	} {
		got := ""
		if ip := hostIP(host); ip != nil {
			got = ip.String()
		}
		if got != want {
			t.Errorf("hostIP(%q) = %q, want %q", host, got, want)
		}
	}
}
