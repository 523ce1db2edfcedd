package registry

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// A source may bring in only so many bytes: the body that passes the
// budget is refused with a finding, whatever the server sends.
func TestSourceBudgetStopsFetching(t *testing.T) {
	s := newFakeServer(t)
	for _, p := range []string{"/a.md", "/b.md", "/c.md"} {
		s.set(p, strings.Repeat("x", 400<<10))
	}
	o := testOpts(t, nil, nil)
	o.MaxSourceBytes = 1 << 20
	f := newFetcher(o.withDefaults())
	var err error
	for _, p := range []string{"/a.md", "/b.md", "/c.md"} {
		if _, err = f.get(context.Background(), s.URL+p, expectText); err != nil {
			break
		}
	}
	if !errors.Is(err, ErrBudget) || !strings.Contains(err.Error(), "budget") {
		t.Fatalf("third body: err = %v", err)
	}
}

// The run's budget is shared by every source.
func TestSessionBudgetIsShared(t *testing.T) {
	s := newFakeServer(t)
	s.set("/a.md", strings.Repeat("x", 600<<10))
	o := testOpts(t, nil, nil)
	o.NoCache = true
	o.Session = NewBudget(1 << 20)
	if _, err := newFetcher(o.withDefaults()).get(context.Background(), s.URL+"/a.md", expectText); err != nil {
		t.Fatal(err)
	}
	_, err := newFetcher(o.withDefaults()).get(context.Background(), s.URL+"/a.md", expectText)
	if !errors.Is(err, ErrBudget) {
		t.Fatalf("second source: err = %v", err)
	}
}

// The cache stays under its cap: the oldest entries go.
func TestCachePruneKeepsUnderTheCap(t *testing.T) {
	c := newHTTPCache(t.TempDir())
	for i := range 20 {
		c.put(&cacheMeta{URL: "https://example.test/" + string(rune('a'+i)), Status: 200, Fetched: time.Now()}, []byte(strings.Repeat("x", 100<<10)))
	}
	c.prune(1 << 20)
	var total int64
	for i := range 20 {
		if _, body, ok := c.get("https://example.test/" + string(rune('a'+i))); ok {
			total += int64(len(body))
		}
	}
	if total > 1<<20 || total == 0 {
		t.Errorf("cache holds %d bytes after pruning to 1 MiB", total)
	}
}
