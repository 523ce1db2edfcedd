package registry

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// httpCache keeps responses on disk, one file per URL: a line of JSON
// metadata, then the body. One file (not two) keeps a reopen of a large
// registry to one read per URL. Writes go to a temp file renamed into
// place, so a crash or a parallel skillstudio never leaves half an entry.
type httpCache struct {
	dir  string   // …/skillstudio/http
	made sync.Map // subfolders already created
}

// cacheMeta is what a cached response needs for conditional requests and
// freshness. Status 404 entries remember that an optional file is absent,
// so an offline reopen does not fail on it.
type cacheMeta struct {
	URL          string    `json:"url"`
	Status       int       `json:"status"`
	ETag         string    `json:"etag,omitempty"`
	LastModified string    `json:"lastModified,omitempty"`
	ContentType  string    `json:"contentType,omitempty"`
	Fetched      time.Time `json:"fetched"`
	// MaxAge is the server's Cache-Control max-age in seconds; 0 means
	// revalidate every time.
	MaxAge int64 `json:"maxAge,omitempty"`
}

// fresh reports whether the entry may be used without asking the server.
func (m *cacheMeta) fresh(now time.Time) bool {
	return m.MaxAge > 0 && now.Sub(m.Fetched) < time.Duration(m.MaxAge)*time.Second
}

func newHTTPCache(root string) *httpCache {
	if root == "" {
		return nil
	}
	return &httpCache{dir: filepath.Join(root, "http")}
}

func (c *httpCache) file(url string) string {
	sum := sha256.Sum256([]byte(url))
	h := hex.EncodeToString(sum[:])
	return filepath.Join(c.dir, h[:2], h[2:])
}

// get returns the cached entry for url. A corrupt entry is a miss.
func (c *httpCache) get(url string) (*cacheMeta, []byte, bool) {
	if c == nil {
		return nil, nil, false
	}
	raw, err := os.ReadFile(c.file(url))
	if err != nil {
		return nil, nil, false
	}
	nl := bytes.IndexByte(raw, '\n')
	if nl < 0 {
		return nil, nil, false
	}
	var m cacheMeta
	if json.Unmarshal(raw[:nl], &m) != nil || m.URL != url {
		return nil, nil, false
	}
	return &m, raw[nl+1:], true
}

// put stores an entry; failures are ignored because the cache is only an
// optimisation (a read-only home must not break fetching).
func (c *httpCache) put(m *cacheMeta, body []byte) {
	if c == nil {
		return
	}
	head, err := json.Marshal(m)
	if err != nil {
		return
	}
	name := c.file(m.URL)
	if _, ok := c.made.Load(filepath.Dir(name)); !ok {
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return
		}
		c.made.Store(filepath.Dir(name), true)
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(append(append(head, '\n'), body...))
	cerr := tmp.Close()
	if werr != nil || cerr != nil || os.Rename(tmp.Name(), name) != nil {
		os.Remove(tmp.Name())
	}
}

// maxAgeOf reads Cache-Control: max-age; no-cache and no-store mean 0.
func maxAgeOf(cacheControl string) int64 {
	var age int64
	for _, part := range strings.Split(cacheControl, ",") {
		part = strings.ToLower(strings.TrimSpace(part))
		switch {
		case part == "no-cache" || part == "no-store":
			return 0
		case strings.HasPrefix(part, "max-age="):
			if n, err := strconv.ParseInt(strings.TrimPrefix(part, "max-age="), 10, 64); err == nil && n > 0 {
				age = min(n, 24*3600) // never trust a server for more than a day
			}
		}
	}
	return age
}
