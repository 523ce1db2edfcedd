package watch

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func newLeading(t testing.TB, debounce time.Duration, dir string) *Watcher {
	t.Helper()
	w, err := New(debounce, nil, Leading())
	if err != nil {
		t.Skipf("fsnotify unavailable here: %v", err)
	}
	t.Cleanup(func() { w.Close() })
	if err := w.Add(dir); err != nil {
		t.Fatal(err)
	}
	return w
}

// With a long debounce, a Leading watcher still reports the first save
// long before the debounce would have ended, and gathers what follows.
func TestLeadingReportsFirstSaveAtOnce(t *testing.T) {
	dir := t.TempDir()
	w := newLeading(t, 3*time.Second, dir)
	p := filepath.Join(dir, "a.txt")
	start := time.Now()
	if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-w.Bursts():
		if len(got) != 1 || got[0] != p {
			t.Errorf("burst = %v, want [%s]", got, p)
		}
		// Far below the debounce, so a busy machine does not fail it.
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("leading burst took %v; the debounce is 3s, so it waited for it", took)
		}
	case <-time.After(2900 * time.Millisecond):
		t.Fatal("no leading burst before the 3s debounce")
	}
	// Saves right after a report are gathered into one trailing burst.
	q := filepath.Join(dir, "b.txt")
	for range 3 {
		os.WriteFile(q, []byte("y"), 0o644)
	}
	if got := next(t, w); len(got) != 1 || got[0] != q {
		t.Errorf("trailing burst = %v, want [%s]", got, q)
	}
}

func TestBurstLeadingWaitsSettle(t *testing.T) {
	var b burst
	now := time.Now()
	b.add([]string{"k"}, now, true)
	if got := b.wait(Debounce, now); got != Settle {
		t.Errorf("leading burst waits %v, want %v", got, Settle)
	}
	b.reset()
	b.add([]string{"k"}, now, false)
	if got := b.wait(Debounce, now); got != Debounce {
		t.Errorf("trailing burst waits %v, want %v", got, Debounce)
	}
}

// BenchmarkSaveToReport measures a save (os.WriteFile) to its burst with
// the default debounce and Leading: the watch half of "a save becomes
// rebuilt output in under 15 ms".
func BenchmarkSaveToReport(b *testing.B) {
	dir := b.TempDir()
	w := newLeading(b, Debounce, dir)
	p := filepath.Join(dir, "a.txt")
	var total time.Duration
	for b.Loop() {
		time.Sleep(Debounce + 5*time.Millisecond) // a quiet spell between saves
		start := time.Now()
		os.WriteFile(p, []byte("x"), 0o644)
		<-w.Bursts()
		total += time.Since(start)
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms/save")
}
