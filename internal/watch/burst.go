package watch

import (
	"sort"
	"time"
)

// burst is the set of keys seen since the last report, and when the first
// of them arrived.
type burst struct {
	pending map[string]bool
	first   time.Time
	// leading marks a burst that began after a quiet spell, in a watcher
	// with the Leading option: it is reported after Settle, not debounce.
	leading bool
}

func (b *burst) empty() bool { return len(b.pending) == 0 }

// add records keys; leading says whether a burst starting now is a
// leading one.
func (b *burst) add(keys []string, now time.Time, leading bool) {
	if b.pending == nil {
		b.pending = map[string]bool{}
	}
	if len(b.pending) == 0 {
		b.first = now
		b.leading = leading
	}
	for _, k := range keys {
		b.pending[k] = true
	}
}

// wait is how long to stay quiet before reporting: debounce (Settle for a
// leading burst), cut short so the burst is reported no later than
// MaxDelay after its first event.
func (b *burst) wait(debounce time.Duration, now time.Time) time.Duration {
	quiet := debounce
	if b.leading {
		quiet = min(Settle, debounce)
	}
	if left := MaxDelay - now.Sub(b.first); left < quiet {
		return max(left, 0)
	}
	return quiet
}

// keys lists the pending keys, sorted.
func (b *burst) keys() []string {
	out := make([]string, 0, len(b.pending))
	for k := range b.pending {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (b *burst) reset() { clear(b.pending) }
