package registry

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestCacheConditionalRequestsAndOffline(t *testing.T) {
	raw := newFakeServer(t)
	serveRepo(raw, nil, "acme", "skills", "HEAD", osloopRepo(true, "one", "two"))
	o := testOpts(t, raw, newFakeServer(t))
	first := mustOpen(t, "github:acme/skills", o)
	idx := "/acme/skills/HEAD/skills/index.json"
	if raw.inm[idx] != "" {
		t.Fatalf("first open sent If-None-Match %q", raw.inm[idx])
	}

	second := mustOpen(t, "github:acme/skills", o)
	if raw.inm[idx] == "" || raw.inm["/acme/skills/HEAD/skills/one/manifest.json"] == "" {
		t.Error("second open did not send If-None-Match")
	}
	if readFS(t, second, "skills/one/module.ts") != readFS(t, first, "skills/one/module.ts") {
		t.Error("304 served different content")
	}

	raw.Close()
	o.Offline = true
	off := mustOpen(t, "github:acme/skills", o)
	if got := strings.Join(candidates(off), ","); got != "osloop skills/one,osloop skills/two" {
		t.Errorf("offline candidates = %s", got)
	}
	// The server sent no max-age, so every offline answer is stale.
	if !hasRule(off.Notes, "remote/stale-cache") {
		t.Errorf("offline notes:\n%s", noteText(off.Notes))
	}
	// An absent optional file was remembered, so offline does not fail on it.
	if hasRule(off.Notes, "remote/fetch-failed") {
		t.Errorf("offline failed on a cached 404:\n%s", noteText(off.Notes))
	}
}

func TestOfflineWithoutCache(t *testing.T) {
	o := testOpts(t, nil, nil)
	o.Offline = true
	msg := openErr(t, "https://example.com/skills/index.json", o)
	if !strings.Contains(msg, "https://example.com/skills/index.json: not in the cache and --offline is set (open it once without --offline)") {
		t.Errorf("message = %s", msg)
	}
}

func TestCacheFreshEntriesSkipTheNetwork(t *testing.T) {
	s := newFakeServer(t)
	s.handle("/x.xgs.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=300")
		w.Write([]byte(xgsSource("x")))
	})
	o := testOpts(t, nil, nil)
	mustOpen(t, s.URL+"/x.xgs.js", o)
	mustOpen(t, s.URL+"/x.xgs.js", o)
	if n := s.hitCount("/x.xgs.js"); n != 1 {
		t.Errorf("requests = %d, want 1 (max-age=300)", n)
	}
}

func TestStaleFallbackWhenServerFails(t *testing.T) {
	s := newFakeServer(t)
	s.set("/x.xgs.js", xgsSource("x"))
	o := testOpts(t, nil, nil)
	mustOpen(t, s.URL+"/x.xgs.js", o)
	s.handle("/x.xgs.js", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "down", http.StatusServiceUnavailable) })
	op := mustOpen(t, s.URL+"/x.xgs.js", o)
	if !hasRule(op.Notes, "remote/stale-cache") || readFS(t, op, "x.xgs.js") != xgsSource("x") {
		t.Errorf("stale fallback: notes\n%s", noteText(op.Notes))
	}
}

func TestCacheEntryRoundTripAndCorruption(t *testing.T) {
	c := newHTTPCache(t.TempDir())
	m := &cacheMeta{URL: "https://h/a", Status: 200, ETag: `"e"`, Fetched: time.Now()}
	c.put(m, []byte("body\nwith newline"))
	got, body, ok := c.get("https://h/a")
	if !ok || string(body) != "body\nwith newline" || got.ETag != `"e"` {
		t.Fatalf("get = %+v %q %v", got, body, ok)
	}
	if _, _, ok := c.get("https://h/b"); ok {
		t.Error("miss reported as hit")
	}
	if err := writeFile(c.file("https://h/a"), "garbage without a newline"); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := c.get("https://h/a"); ok {
		t.Error("corrupt entry reported as hit")
	}
	var nilCache *httpCache
	nilCache.put(m, nil)
	if _, _, ok := nilCache.get("x"); ok {
		t.Error("nil cache hit")
	}
}

func TestMaxAgeOf(t *testing.T) {
	for in, want := range map[string]int64{
		"":                      0,
		"max-age=300":           300,
		"public, max-age=60":    60,
		"no-cache, max-age=60":  0,
		"max-age=999999999":     24 * 3600,
		"max-age=-5":            0,
		"private, max-age=oops": 0,
	} {
		if got := maxAgeOf(in); got != want {
			t.Errorf("maxAgeOf(%q) = %d, want %d", in, got, want)
		}
	}
}
