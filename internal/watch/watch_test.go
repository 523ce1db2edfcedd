package watch

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

func newWatcher(t *testing.T, keys KeysFunc, dirs ...string) *Watcher {
	t.Helper()
	w, err := New(20*time.Millisecond, keys)
	if err != nil {
		t.Skipf("fsnotify unavailable here: %v", err)
	}
	t.Cleanup(func() { w.Close() })
	for _, d := range dirs {
		if err := w.Add(d); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

func next(t *testing.T, w *Watcher) []string {
	t.Helper()
	select {
	case keys, ok := <-w.Bursts():
		if !ok {
			t.Fatal("Bursts closed")
		}
		return keys
	case <-time.After(5 * time.Second):
		t.Fatal("no burst within 5s")
	}
	return nil
}

func TestBurstOfWritesIsReportedOnceSorted(t *testing.T) {
	dir := t.TempDir()
	// A quiet time far above the few microseconds three writes take: the
	// events reach the watcher through fsnotify's reader goroutine and
	// ours, and a loaded machine can pause either for tens of ms between
	// two events of one burst (a 20 ms quiet time split it there).
	const debounce = 250 * time.Millisecond
	w, err := New(debounce, nil)
	if err != nil {
		t.Skipf("fsnotify unavailable here: %v", err)
	}
	t.Cleanup(func() { w.Close() })
	if err := w.Add(dir); err != nil {
		t.Fatal(err)
	}
	b, a := filepath.Join(dir, "b.txt"), filepath.Join(dir, "a.txt")
	start := time.Now()
	for _, p := range []string{b, a, b} {
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Writes made within 10 ms make one burst: the 240 ms left of the
	// quiet time absorb the watcher's own pauses. A loaded machine may
	// pause the writer longer, and then two bursts are right.
	together := time.Since(start) < 10*time.Millisecond
	bursts := [][]string{next(t, w)}
	for {
		select {
		case extra := <-w.Bursts():
			bursts = append(bursts, extra)
			continue
		case <-time.After(2 * debounce):
		}
		break
	}
	seen := map[string]bool{}
	for _, keys := range bursts {
		if !sort.StringsAreSorted(keys) {
			t.Errorf("burst %v is not sorted", keys)
		}
		for _, k := range keys {
			seen[k] = true
		}
	}
	if !seen[a] || !seen[b] || len(seen) != 2 {
		t.Errorf("bursts %v, want %s and %s", bursts, a, b)
	}
	if together && !reflect.DeepEqual(bursts, [][]string{{a, b}}) {
		t.Errorf("bursts = %v for writes made within 10 ms, want one: [[%s %s]]", bursts, a, b)
	}
}

func TestKeysFuncFiltersAndRenames(t *testing.T) {
	dir := t.TempDir()
	w := newWatcher(t, func(ev fsnotify.Event) []string {
		if filepath.Ext(ev.Name) != ".md" {
			return nil
		}
		return []string{"doc"}
	}, dir)
	os.WriteFile(filepath.Join(dir, "tmp.swp"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.md"), []byte("x"), 0o644)
	if got := next(t, w); !reflect.DeepEqual(got, []string{"doc"}) {
		t.Errorf("burst = %v, want [doc]", got)
	}
}

func TestChmodIsNotAChange(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.txt")
	os.WriteFile(p, []byte("x"), 0o644)
	w := newWatcher(t, nil, dir)
	if err := os.Chmod(p, 0o600); err != nil {
		t.Fatal(err)
	}
	select {
	case got := <-w.Bursts():
		t.Errorf("chmod reported: %v", got)
	case <-time.After(150 * time.Millisecond):
	}
}

func TestCloseClosesBursts(t *testing.T) {
	w, err := New(0, nil)
	if err != nil {
		t.Skipf("fsnotify unavailable here: %v", err)
	}
	w.Close()
	if _, ok := <-w.Bursts(); ok {
		t.Error("Bursts still open after Close")
	}
}

// A file that never stops changing is still reported within MaxDelay.
func TestBurstWaitIsCappedByMaxDelay(t *testing.T) {
	var b burst
	start := time.Now()
	b.add([]string{"k"}, start, false)
	if got := b.wait(Debounce, start); got != Debounce {
		t.Errorf("fresh burst waits %v, want %v", got, Debounce)
	}
	if got := b.wait(Debounce, start.Add(MaxDelay-10*time.Millisecond)); got != 10*time.Millisecond {
		t.Errorf("old burst waits %v, want 10ms", got)
	}
	if got := b.wait(Debounce, start.Add(2*MaxDelay)); got != 0 {
		t.Errorf("overdue burst waits %v, want 0", got)
	}
}
