package registry

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
)

type hostileCase struct {
	name    string
	setup   func(s *fakeServer)
	opts    func(o *RemoteOptions)
	want    []string
	maxTime time.Duration
}

const idx = "/skills/index.json"

// hostileCases: each server answers the index request in one bad way.
func hostileCases() []hostileCase {
	return []hostileCase{
		{
			name:  "404",
			setup: func(s *fakeServer) {},
			want:  []string{idx + ": 404 Not Found"},
		},
		{
			name: "500",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) { http.Error(w, "oops", 500) })
			},
			want: []string{idx + ": 500 Internal Server Error (the server failed; try again later)"},
		},
		{
			name: "slow",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) {
					select {
					case <-time.After(10 * time.Second):
					case <-r.Context().Done():
					}
				})
			},
			opts:    func(o *RemoteOptions) { o.Timeout = 200 * time.Millisecond },
			want:    []string{idx + ": timed out after 200ms (the server is slow or not answering; try again later)"},
			maxTime: 8 * time.Second, // the server waits 10 s: only the timeout ends it sooner
		},
		{
			name: "slow body",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) {
					w.Write([]byte("["))
					w.(http.Flusher).Flush()
					select {
					case <-time.After(10 * time.Second):
					case <-r.Context().Done():
					}
				})
			},
			opts:    func(o *RemoteOptions) { o.Timeout = 200 * time.Millisecond },
			want:    []string{"timed out after 200ms"},
			maxTime: 8 * time.Second, // the server waits 10 s: only the timeout ends it sooner
		},
		{
			name: "huge headers",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) {
					// 64 headers of 16 KiB: 1 MiB a response, far past any
					// registry's, held in memory per connection.
					for i := range 64 {
						w.Header().Set(fmt.Sprintf("X-Pad-%d", i), strings.Repeat("a", 16<<10))
					}
					w.Write([]byte("[]"))
				})
			},
			want: []string{idx + ": the server's response headers are over 256 KiB"},
		},
		{
			name: "endless body",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) {
					chunk := []byte(strings.Repeat(" ", 32<<10))
					for r.Context().Err() == nil {
						if _, err := w.Write(chunk); err != nil {
							return
						}
					}
				})
			},
			opts: func(o *RemoteOptions) { o.MaxFileSize = 256 << 10 },
			want: []string{idx + ": larger than the 256 KiB limit for one file"},
		},
		{
			name: "HTML error page",
			setup: func(s *fakeServer) {
				s.setFile(idx, fakeFile{body: []byte("<!DOCTYPE html><html><body>Sign in</body></html>"), ctype: "text/html"})
			},
			want: []string{idx + ": got an HTML page where JSON was expected (an error or login page?)"},
		},
		{
			name: "malformed JSON",
			setup: func(s *fakeServer) {
				s.set(idx, "[\n  {\"name\": \"a\",\n    \"folderPath\": skills/a}\n]")
			},
			want: []string{idx + ":3:19: invalid JSON: invalid character 's' looking for beginning of value; an OS Loop index is a JSON array of skills"},
		},
		{
			// A whole, valid index sent as 206: refused by its status.
			name: "206 partial content",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) {
					w.Header().Set("Content-Type", "application/json")
					w.WriteHeader(http.StatusPartialContent)
					w.Write([]byte(`[{"name": "a", "folderPath": "skills/a"}]`))
				})
			},
			want: []string{idx + ": 206 Partial Content: only a 200 OK answer is read as the file (the server sent part of the file"},
		},
		{
			name: "204 no content",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
			},
			want: []string{idx + ": 204 No Content: only a 200 OK answer is read as the file (the server sent no file"},
		},
		{
			name: "203 from a proxy",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) {
					w.WriteHeader(http.StatusNonAuthoritativeInfo)
					w.Write([]byte(`[]`))
				})
			},
			want: []string{idx + ": 203 Non-Authoritative Information: only a 200 OK answer is read as the file"},
		},
		{
			name:  "not an array",
			setup: func(s *fakeServer) { s.set(idx, `"just a string"`) },
			want:  []string{idx + ":1:1: expected a JSON array of skills"},
		},
		{
			name: "redirect loop",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop", http.StatusFound) })
				s.handle("/loop", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, idx, http.StatusFound) })
			},
			want: []string{idx + ": stopped after 5 redirects (a redirect loop?)"},
		},
		{
			name: "redirect to plain http elsewhere",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) {
					http.Redirect(w, r, "http://example.invalid/skills/index.json", http.StatusFound)
				})
			},
			want: []string{"redirected to http://example.invalid/skills/index.json: plain http:// is refused"},
		},
		{
			name: "redirect to another scheme",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) {
					http.Redirect(w, r, "ftp://example.com/x", http.StatusFound)
				})
			},
			want: []string{`redirected to ftp://example.com/x: unsupported scheme "ftp"`},
		},
		{
			// Red-team round 17: a server answering every request with a
			// redirect to the next of 100 paths stops at the bound.
			name: "a hundred redirects",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/r/1", http.StatusFound) })
				for i := 1; i < 100; i++ {
					s.handle(fmt.Sprintf("/r/%d", i), func(w http.ResponseWriter, r *http.Request) {
						http.Redirect(w, r, fmt.Sprintf("/r/%d", i+1), http.StatusMovedPermanently)
					})
				}
			},
			want: []string{idx + ": stopped after 5 redirects (a redirect loop?)"},
		},
		{
			name: "redirect to file:",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) {
					w.Header().Set("Location", "file:///etc/passwd")
					w.WriteHeader(http.StatusFound)
				})
			},
			want: []string{`redirected to file:///etc/passwd: unsupported scheme "file"`},
		},
		{
			name: "redirect to unix:",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) {
					w.Header().Set("Location", "unix:///var/run/docker.sock")
					w.WriteHeader(http.StatusFound)
				})
			},
			want: []string{`redirected to unix:///var/run/docker.sock: unsupported scheme "unix"`},
		},
		{
			// Same origin on every hop: another port on loopback is
			// another origin, and the index it serves is never read.
			name: "redirect to another origin",
			setup: func(s *fakeServer) {
				s.handle(idx, func(w http.ResponseWriter, r *http.Request) {
					http.Redirect(w, r, "http://127.0.0.1:1/skills/index.json", http.StatusFound)
				})
			},
			want: []string{"which is not http://SERVER", "a redirect may not leave the origin that was asked"},
		},
	}
}

func (c hostileCase) run(t *testing.T) string {
	s := newFakeServer(t)
	c.setup(s)
	o := testOpts(t, nil, nil)
	if c.opts != nil {
		c.opts(&o)
	}
	return strings.ReplaceAll(openErr(t, s.URL+idx, o), s.URL, "http://SERVER")
}

// The messages a person sees, one per hostile server, as a golden file.
func TestHostileServerMessages(t *testing.T) {
	var b strings.Builder
	for _, c := range hostileCases() {
		fmt.Fprintf(&b, "%s:\n  %s\n", c.name, c.run(t))
	}
	golden.RequireEqual(t, []byte(b.String()))
}

// Each hostile server gets a clear message, and Open returns promptly.
func TestHostileServers(t *testing.T) {
	for _, c := range hostileCases() {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			msg := c.run(t)
			if took := time.Since(start); c.maxTime > 0 && took > c.maxTime {
				t.Errorf("took %v, want under %v", took, c.maxTime)
			}
			assertClean(t, "message", msg)
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("message:\n  %s\nwant it to contain:\n  %s", msg, w)
				}
			}
		})
	}
}

func TestPlainHTTPRefusedExceptLoopback(t *testing.T) {
	o := testOpts(t, nil, nil)
	msg := openErr(t, "http://example.invalid/skills/index.json", o)
	if !strings.Contains(msg, "plain http:// is refused because it can be read and altered in transit; use https:// or pass --insecure-http") {
		t.Errorf("message = %s", msg)
	}
	o.InsecureHTTP = true
	msg = openErr(t, "http://example.invalid/skills/index.json", o)
	if strings.Contains(msg, "refused") || !strings.Contains(msg, "cannot resolve host example.invalid") {
		t.Errorf("with --insecure-http: %s", msg)
	}
	for _, h := range []string{"localhost", "127.0.0.1", "::1", "127.9.9.9"} {
		if !isLoopback(h) {
			t.Errorf("%s is loopback", h)
		}
	}
	if isLoopback("10.0.0.1") || isLoopback("example.com") {
		t.Error("non-loopback accepted")
	}
}

func TestTerminalEscapesInRemoteTextAreSanitised(t *testing.T) {
	s := newFakeServer(t)
	evil := "evil\x1b]52;c;cm0gLXJmIC8=\x07\x1b[2J"
	s.setJSON("/.well-known/agent-skills/index.json", map[string]any{"skills": []map[string]any{
		{"name": "ok", "type": "skill-md", "description": "desc " + evil, "url": "ok/SKILL.md", "digest": sha("other")},
		{"name": evil, "type": "skill-md", "url": "x/SKILL.md"},
		{"name": "far", "type": "skill-md", "url": "https://" + evil + "/SKILL.md"},
	}})
	s.set("/.well-known/agent-skills/ok/SKILL.md", "---\nname: ok\ndescription: "+evil+"\n---\n")
	ch := Stream(context.Background(), s.URL, testOpts(t, nil, nil), modelOptions())
	var listed []Entry
	var done Event
	for e := range ch {
		if e.Kind == EventListed {
			listed = append(listed, e.Entries...)
		}
		if e.Kind == EventDone {
			done = e
		}
	}
	if done.Err != nil {
		t.Fatal(done.Err)
	}
	for _, e := range listed {
		stub := e.Stub(done.Opened.Base)
		assertClean(t, "stub name", stub.Name)
		assertClean(t, "stub description", stub.Description)
	}
	for _, d := range done.Opened.Notes {
		assertClean(t, "note", d.Message+d.Hint)
	}
	if !hasRule(done.Opened.Notes, "remote/digest-mismatch") || !hasRule(done.Opened.Notes, "remote/bad-entry") {
		t.Errorf("notes:\n%s", noteText(done.Opened.Notes))
	}
	assertClean(t, "status", done.Status.String())
}

func TestPerHostConcurrencyBound(t *testing.T) {
	s := newFakeServer(t)
	s.delay = 20 * time.Millisecond
	names := make([]string, 40)
	for i := range names {
		names[i] = fmt.Sprintf("s%02d", i)
		s.set("/skills/"+names[i]+"/manifest.json", osloopManifest(names[i]))
		s.set("/skills/"+names[i]+"/module.ts", osloopModule)
	}
	s.setJSON("/skills/index.json", osloopIndexJSON("skills", names...))
	o := testOpts(t, nil, nil)
	o.PerHost = 4
	mustOpen(t, s.URL+"/skills/index.json", o)
	if p := s.peak.Load(); p > 4 || p < 2 {
		t.Errorf("peak concurrent requests = %d, want 2..4", p)
	}
}

func TestCheckContent(t *testing.T) {
	cases := []struct {
		want  expect
		ctype string
		body  string
		bad   bool
	}{
		{expectJSON, "application/json", `[]`, false},
		{expectJSON, "text/html; charset=utf-8", `[]`, true},
		{expectJSON, "", "  <html>", true},
		{expectText, "text/plain", "---\nname: x\n---\n", false},
		{expectText, "text/plain", "\n<!DOCTYPE html>", true},
		{expectText, "", "a\x00b", true},
		{expectArchive, "", "PK\x03\x04rest", false},
		{expectArchive, "", "\x1f\x8brest", false},
		{expectArchive, "", "plain", true},
		{expectAny, "", "\x00anything", false},
	}
	for _, c := range cases {
		if got := checkContent(c.want, c.ctype, []byte(c.body)) != ""; got != c.bad {
			t.Errorf("checkContent(%d, %q, %q) bad = %v, want %v", c.want, c.ctype, c.body, got, c.bad)
		}
	}
}
