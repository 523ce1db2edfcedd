package registry

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync/atomic"
)

// ErrBudget is the kind of FetchError for a source (or a whole run) that
// has fetched as much as it may.
var ErrBudget = errors.New("download budget spent")

// Budget bounds the bytes a source, or every source of one run, may
// bring into memory: response bodies (from the network or the cache) and
// unpacked archives. Without it 40 small archive entries held 3.5 GB.
type Budget struct {
	limit int64
	used  atomic.Int64
}

// NewBudget returns a budget of limit bytes.
func NewBudget(limit int64) *Budget { return &Budget{limit: limit} }

// take charges n bytes and reports whether they fit; a nil budget has no
// limit.
func (b *Budget) take(n int64) bool {
	if b == nil {
		return true
	}
	return b.used.Add(n) <= b.limit
}

// Default budgets, exported so messages and docs can name them.
const (
	DefaultMaxSourceBytes  = 200 << 20
	DefaultMaxSessionBytes = 1 << 30
	DefaultMaxCacheBytes   = 500 << 20
)

// charge takes n bytes from the source's and the run's budgets.
func (f *fetcher) charge(rawURL string, n int64) error {
	if !f.source.take(n) {
		return &FetchError{URL: rawURL, Msg: fmt.Sprintf("the source has fetched more than its %s budget; the rest is not fetched", humanBytes(f.opts.MaxSourceBytes)),
			Hint: "a source this big is not a skill library; split it, or raise the limit only for a source you trust", kind: ErrBudget}
	}
	if !f.opts.Session.take(n) {
		return &FetchError{URL: rawURL, Msg: fmt.Sprintf("this run has fetched more than its %s budget across sources; the rest is not fetched", humanBytes(f.opts.Session.limit)),
			Hint: "open fewer or smaller sources at once", kind: ErrBudget}
	}
	return nil
}

// prune keeps the cache under limit bytes by removing the least recently
// written entries. It is best effort: the cache is only a cache.
func (c *httpCache) prune(limit int64) {
	if c == nil || limit <= 0 {
		return
	}
	type entry struct {
		path string
		size int64
		mod  int64
	}
	var entries []entry
	var total int64
	filepath.WalkDir(c.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		if info, err := d.Info(); err == nil {
			entries = append(entries, entry{p, info.Size(), info.ModTime().UnixNano()})
			total += info.Size()
		}
		return nil
	})
	if total <= limit {
		return
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].mod < entries[j].mod })
	for _, e := range entries {
		if total <= limit*9/10 {
			break
		}
		if os.Remove(e.path) == nil {
			total -= e.size
		}
	}
}
