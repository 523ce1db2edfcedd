package registry

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// fakeServer serves a map of paths with ETags and conditional requests,
// and records what it was asked.
type fakeServer struct {
	*httptest.Server
	mu       sync.Mutex
	files    map[string]fakeFile
	hits     map[string]int
	inm      map[string]string // path → last If-None-Match received
	auth     map[string]string // path → last Authorization received
	inflight atomic.Int64
	peak     atomic.Int64
	delay    time.Duration
}

type fakeFile struct {
	body    []byte
	ctype   string
	status  int
	handler http.HandlerFunc
}

func newFakeServer(t testing.TB) *fakeServer {
	s := &fakeServer{files: map[string]fakeFile{}, hits: map[string]int{}, inm: map[string]string{}, auth: map[string]string{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

// set serves body at p (path plus optional ?query).
func (s *fakeServer) set(p string, body string) { s.setFile(p, fakeFile{body: []byte(body)}) }

func (s *fakeServer) setJSON(p string, v any) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err)
	}
	s.setFile(p, fakeFile{body: b, ctype: "application/json"})
}

func (s *fakeServer) setFile(p string, f fakeFile) {
	s.mu.Lock()
	s.files[p] = f
	s.mu.Unlock()
}

func (s *fakeServer) handle(p string, h http.HandlerFunc) { s.setFile(p, fakeFile{handler: h}) }

func (s *fakeServer) hitCount(p string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[p]
}

func (s *fakeServer) total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, h := range s.hits {
		n += h
	}
	return n
}

func (s *fakeServer) serve(w http.ResponseWriter, r *http.Request) {
	n := s.inflight.Add(1)
	defer s.inflight.Add(-1)
	for {
		p := s.peak.Load()
		if n <= p || s.peak.CompareAndSwap(p, n) {
			break
		}
	}
	if s.delay > 0 {
		time.Sleep(s.delay)
	}
	key := r.URL.Path
	if r.URL.RawQuery != "" {
		key += "?" + r.URL.RawQuery
	}
	s.mu.Lock()
	f, ok := s.files[key]
	s.hits[key]++
	s.inm[key] = r.Header.Get("If-None-Match")
	s.auth[key] = r.Header.Get("Authorization")
	s.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	if f.handler != nil {
		f.handler(w, r)
		return
	}
	sum := sha256.Sum256(f.body)
	etag := `"` + hex.EncodeToString(sum[:8]) + `"`
	w.Header().Set("ETag", etag)
	if f.ctype != "" {
		w.Header().Set("Content-Type", f.ctype)
	}
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	if f.status != 0 {
		w.WriteHeader(f.status)
	}
	w.Write(f.body)
}

// testOpts are options for a loopback test: a private cache, short
// timeouts, and GitHub pointed at the fake servers.
func testOpts(t testing.TB, raw, api *fakeServer) RemoteOptions {
	// Generous request deadlines: a loopback server on a busy CI machine
	// is slow now and then, and the tests of timeouts set their own.
	o := RemoteOptions{CacheDir: t.TempDir(), Timeout: 30 * time.Second, ConnectTimeout: 10 * time.Second, GitHubToken: "-"}
	o.GitHubToken = ""
	if raw != nil {
		o.GitHubRaw = raw.URL
	}
	if api != nil {
		o.GitHubAPI = api.URL
	}
	return o
}

func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// Fixtures, written for these tests.

func osloopManifest(name string) string {
	return fmt.Sprintf(`{
  "schemaVersion": "2.0",
  "name": %q,
  "description": "Test skill %s",
  "version": "1.0.0",
  "executionMode": "declarative"
}
`, name, name)
}

const osloopModule = "export async function execute(input, host) {\n  return { ok: true };\n}\n"

func skillMD(name string) string {
	return fmt.Sprintf("---\nname: %s\ndescription: Use when testing %s.\n---\n\n# %s\n\nSee [the guide](references/guide.md).\n", name, name, name)
}

func xgsSource(name string) string {
	return fmt.Sprintf("// ==XGooseSkill==\n// @name %s\n// @namespace %s\n// @version 1.0.0\n// @description Test skill %s\n// ==/XGooseSkill==\n\nexport function run() { return 1; }\n", name, strings.ReplaceAll(name, "-", ""), name)
}

// osloopIndex renders an OS Loop index for the named skills under dir.
func osloopIndexJSON(dir string, names ...string) []map[string]any {
	var out []map[string]any
	for _, n := range names {
		out = append(out, map[string]any{"name": n, "description": "Test skill " + n, "version": "1.0.0", "author": "tests", "folderPath": dir + "/" + n, "tags": []string{"test"}})
	}
	return out
}

func tarGz(t testing.TB, members []tarMember) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for _, m := range members {
		h := &tar.Header{Name: m.name, Mode: 0o644, Size: int64(len(m.body)), Typeflag: tar.TypeReg}
		if m.link != "" {
			h.Typeflag, h.Linkname, h.Size = tar.TypeSymlink, m.link, 0
		}
		if m.size > 0 {
			h.Size = m.size
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if m.link == "" {
			if m.size > 0 {
				chunk := make([]byte, 1<<20)
				for left := m.size; left > 0; left -= int64(len(chunk)) {
					tw.Write(chunk[:min(int64(len(chunk)), left)])
				}
			} else {
				tw.Write([]byte(m.body))
			}
		}
	}
	tw.Close()
	zw.Close()
	return buf.Bytes()
}

type tarMember struct {
	name, body, link string
	size             int64 // when set, that many zero bytes (a bomb)
}

func zipOf(t testing.TB, files map[string]string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(files[n]))
	}
	zw.Close()
	return buf.Bytes()
}

// mustOpen opens spec or fails the test.
func mustOpen(t testing.TB, spec string, o RemoteOptions) Opened {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	op, err := Open(ctx, spec, o)
	if err != nil {
		t.Fatalf("Open(%s): %v", spec, err)
	}
	return op
}

// openErr opens spec expecting failure and returns the message.
func openErr(t testing.TB, spec string, o RemoteOptions) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := Open(ctx, spec, o)
	if err == nil {
		t.Fatalf("Open(%s) succeeded, want an error", spec)
	}
	return err.Error()
}

func readFS(t testing.TB, o Opened, p string) string {
	t.Helper()
	b, err := fs.ReadFile(o.Base.FS, p)
	if err != nil {
		t.Fatalf("read %s: %v", p, err)
	}
	return string(b)
}

// candidates lists what formats.Find sees, as "format path".
func candidates(o Opened) []string {
	var out []string
	for _, c := range formats.Find(o.Base.FS, o.Root).Candidates {
		out = append(out, string(c.Format)+" "+c.Path)
	}
	return out
}

func hasRule(ds []model.Diagnostic, id string) bool {
	for _, d := range ds {
		if d.Rule == id {
			return true
		}
	}
	return false
}

func noteText(ds []model.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "%s %s: %s (%s)\n", d.Rule, d.File, d.Message, d.Hint)
	}
	return b.String()
}

// assertClean fails when s carries a terminal escape or control byte.
func assertClean(t testing.TB, what, s string) {
	t.Helper()
	for _, c := range []byte(s) {
		if c == 0x1b || c == 0x07 || (c < 0x20 && c != '\n' && c != '\t') {
			t.Fatalf("%s carries control byte %#x: %q", what, c, s)
		}
	}
}

func mustJSON(v any) string {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		panic(err)
	}
	return string(b)
}

func modelOptions() model.Options { return model.Options{} }

func fstestCheck(fsys fs.FS, expected ...string) error { return fstest.TestFS(fsys, expected...) }

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }
