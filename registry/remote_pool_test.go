package registry

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/model"
)

// TestSlowIndexHoldsFewGoroutines: a remote index listing thousands of
// skills, served by a host that never answers the skills' files, holds
// a bounded number of goroutines (the fetch workers), not one or more
// per entry. Before the work queue, 3,000 entries held over 3,000.
func TestSlowIndexHoldsFewGoroutines(t *testing.T) {
	const n = 3000
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("skill-%04d", i)
	}
	index, err := json.Marshal(osloopIndexJSON("skills", names...))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/skills/index.json") {
			w.Header().Set("Content-Type", "application/json")
			w.Write(index)
			return
		}
		<-r.Context().Done() // a server that never answers
	}))
	defer srv.Close()
	o := RemoteOptions{CacheDir: t.TempDir(), Timeout: time.Minute, ConnectTimeout: 10 * time.Second, GitHubRaw: srv.URL, GitHubAPI: srv.URL + "/api", NoCache: true}

	base := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch := Stream(ctx, "github:acme/big", o, model.Options{})
	var listed int
	for listed < n {
		e, ok := <-ch
		if !ok {
			t.Fatal("stream closed before the index was listed")
		}
		if e.Kind == EventDone {
			t.Fatalf("stream done before listing: %v", e.Err)
		}
		if e.Kind == EventListed {
			listed += len(e.Entries)
		}
	}
	// Let every job that would start start.
	deadline := time.Now().Add(2 * time.Second)
	peak := 0
	for time.Now().Before(deadline) {
		peak = max(peak, runtime.NumGoroutine()-base)
		time.Sleep(50 * time.Millisecond)
	}
	cancel()
	stopped := time.Now()
	for range ch {
	}
	t.Logf("closed %v after cancel", time.Since(stopped))
	if peak > 400 {
		t.Errorf("%d goroutines held for %d slow entries; fetches should wait in a bounded pool", peak, n)
	}
	t.Logf("peak extra goroutines: %d", peak)
}

// TestSlowIndexKeepsSourceDeadline: queued fetches still end at the
// per-source deadline, every queued job included.
func TestSlowIndexKeepsSourceDeadline(t *testing.T) {
	names := make([]string, 500)
	for i := range names {
		names[i] = fmt.Sprintf("skill-%03d", i)
	}
	index, _ := json.Marshal(osloopIndexJSON("skills", names...))
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/skills/index.json") {
			w.Write(index)
			return
		}
		<-r.Context().Done()
	}))
	defer srv.Close()
	o := RemoteOptions{CacheDir: t.TempDir(), Timeout: time.Minute, ConnectTimeout: 10 * time.Second, GitHubRaw: srv.URL, GitHubAPI: srv.URL + "/api", NoCache: true, SourceTimeout: time.Second}
	start := time.Now()
	_, err := Open(context.Background(), "github:acme/big", o)
	if err == nil || !strings.Contains(err.Error(), "gave up after") {
		t.Fatalf("err = %v, want the per-source deadline", err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("took %v with a 1s source deadline", d)
	}
}
