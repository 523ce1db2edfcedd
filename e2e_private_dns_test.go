package main

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
)

// A host name (not a literal) that resolves to this machine is not
// fetched by the real binary unless --allow-private-hosts: the check is
// on the address dialled. The machine's own name is used, which resolves
// to a loopback or private address on most machines (/etc/hosts); the
// test skips where it does not.
func TestRealBinaryRefusesANameResolvingToThisMachine(t *testing.T) {
	name, err := os.Hostname()
	if err != nil || name == "" || strings.EqualFold(name, "localhost") || strings.HasSuffix(strings.ToLower(name), ".localhost") {
		t.Skipf("no usable host name (%q, %v)", name, err)
	}
	ips, err := net.LookupIP(name)
	if err != nil || len(ips) == 0 || !ips[0].IsLoopback() {
		t.Skipf("%s does not resolve to a loopback address here (%v, %v)", name, ips, err)
	}
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		fmt.Fprint(w, "---\nname: inner\ndescription: Served on this machine's own name, for the private-host test.\n---\n\n# Inner\n")
	}))
	defer srv.Close()
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	if !ips[0].Equal(net.IPv4(127, 0, 0, 1)) {
		t.Skipf("%s resolves to %s, not where the test server listens", name, ips[0])
	}
	url := "http://" + name + ":" + port + "/inner/SKILL.md"
	bin := buildBinary(t)
	runBin := func(args ...string) (string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir(), "XDG_CONFIG_HOME="+t.TempDir(), "NO_PROXY=*")
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		return string(out), code
	}
	out, code := runBin("show", "--insecure-http", url)
	if code == 0 || hits.Load() != 0 || !strings.Contains(out, "resolves to 127.0.0.1") || !strings.Contains(out, "--allow-private-hosts") {
		t.Fatalf("show %s: exit %d, %d requests:\n%s", url, code, hits.Load(), out)
	}
	out, code = runBin("show", "--insecure-http", "--allow-private-hosts", url)
	if code != 0 || hits.Load() == 0 || !strings.Contains(out, "Inner") {
		t.Fatalf("with --allow-private-hosts: exit %d, %d requests:\n%s", code, hits.Load(), out)
	}
}
