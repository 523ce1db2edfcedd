package cli

import (
	"context"
	"encoding/json"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Pull against a hostile server: every case must end in a clear refusal,
// write nothing outside --dir (the folder above --dir is watched), print
// no raw escape or bidi control, and finish in bounded time.

const okSkill = "---\nname: evil\ndescription: Use when testing hostile servers.\n---\n\n# Evil\n"

// hostileServer serves a legacy (0.1.0) well-known index for one skill,
// "evil", listing files, and the routes given.
func hostileServer(t *testing.T, files []string, routes map[string]http.HandlerFunc) *httptest.Server {
	t.Helper()
	list, err := json.Marshal(files)
	if err != nil {
		t.Fatal(err)
	}
	index := `{"skills":[{"name":"evil","description":"Evil","files":` + string(list) + `}]}`
	mux := http.NewServeMux()
	mux.HandleFunc("/site/.well-known/agent-skills/index.json", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(index))
	})
	for p, h := range routes {
		mux.HandleFunc(p, h)
	}
	s := httptest.NewServer(mux)
	t.Cleanup(s.Close)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("GITHUB_TOKEN", "")
	return s
}

func serve(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(body)) }
}

// pullInto runs pull into <tmp>/out/dir and returns the outputs and exit
// code; it fails the test when anything appears in <tmp> outside dir or
// the command takes more than 30 s.
func pullInto(t *testing.T, url string) (dir, out, errOut string, code int) {
	t.Helper()
	top := t.TempDir()
	dir = filepath.Join(top, "out", "dir")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	start := time.Now()
	out, errOut, code = func() (string, string, int) {
		var o, e strings.Builder
		c := Run(ctx, []string{"pull", "--yes", url, "evil", "--dir", dir}, &o, &e, Options{})
		return o.String(), e.String(), c
	}()
	if d := time.Since(start); d > 25*time.Second {
		t.Errorf("pull took %v", d)
	}
	filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err == nil && p != top && p != filepath.Dir(dir) && p != dir && !strings.HasPrefix(p, dir+string(filepath.Separator)) {
			t.Errorf("pull wrote %s, outside --dir", p)
		}
		return nil
	})
	for _, s := range []string{out, errOut} {
		if strings.ContainsAny(s, "\x1b\x07\u009b\u202e\u2066") {
			t.Errorf("pull printed a raw control: %q", s)
		}
	}
	return dir, out, errOut, code
}

func written(dir string) []string {
	var got []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			got = append(got, rel)
		}
		return nil
	})
	return got
}

func TestPullHostileFileNamesAreRefused(t *testing.T) {
	for name, file := range map[string]string{
		"bidi":    "references/\u202egpj.exe",
		"escape":  "references/a\x1b]0;pwned\x07.md",
		"C1":      "references/a\u009b31m.md",
		"newline": "references/a\nb.md",
	} {
		t.Run(name, func(t *testing.T) {
			s := hostileServer(t, []string{"SKILL.md", file}, map[string]http.HandlerFunc{
				"/site/.well-known/agent-skills/evil/SKILL.md": serve(okSkill),
				"/site/.well-known/agent-skills/evil/":         serve("x"),
			})
			dir, out, errOut, code := pullInto(t, s.URL+"/site")
			// The file is left behind, and pull says so; the rest of
			// the skill may come.
			if !strings.Contains(out+errOut, "not followed") {
				t.Errorf("no refusal message: exit %d, %q %q", code, out, errOut)
			}
			for _, f := range written(dir) {
				if f != filepath.Join("evil", "SKILL.md") && f != "skillstudio.lock" {
					t.Errorf("pull wrote %q", f)
				}
			}
		})
	}
}

func TestPullPathEscapeStaysInsideDir(t *testing.T) {
	s := hostileServer(t, []string{"SKILL.md", "../../escape.md", "/etc/evil.md", "references/ok.md"}, map[string]http.HandlerFunc{
		"/site/.well-known/agent-skills/evil/SKILL.md":         serve(okSkill),
		"/site/.well-known/agent-skills/evil/references/ok.md": serve("ok\n"),
		"/site/.well-known/agent-skills/":                      serve("escaped"),
		"/":                                                    serve("escaped"),
	})
	dir, out, errOut, _ := pullInto(t, s.URL+"/site")
	if !strings.Contains(out+errOut, "leaves the skill folder") && !strings.Contains(out+errOut, "not followed") {
		t.Errorf("no message about the escaping path: %q %q", out, errOut)
	}
	for _, f := range written(dir) {
		if strings.Contains(f, "escape") || strings.Contains(f, "etc") {
			t.Errorf("escaping file written as %s", f)
		}
	}
}

func TestPullRedirectOffOriginIsRefused(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(okSkill))
	}))
	defer other.Close()
	s := hostileServer(t, []string{"SKILL.md"}, map[string]http.HandlerFunc{
		"/site/.well-known/agent-skills/evil/SKILL.md": func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, other.URL+"/SKILL.md", http.StatusFound)
		},
	})
	dir, out, errOut, code := pullInto(t, s.URL+"/site")
	if code == 0 || !strings.Contains(out+errOut, "may not leave the origin") {
		t.Errorf("off-origin redirect: exit %d, %q %q", code, out, errOut)
	}
	if got := written(dir); len(got) != 0 {
		t.Errorf("wrote %v", got)
	}
}

func TestPullOversizeAndEndlessBodiesAreCut(t *testing.T) {
	huge := okSkill + strings.Repeat("x", 3<<20)
	endless := func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(okSkill))
		chunk := []byte(strings.Repeat("y", 64<<10))
		for r.Context().Err() == nil {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}
	for name, h := range map[string]http.HandlerFunc{"oversize": serve(huge), "endless": endless} {
		t.Run(name, func(t *testing.T) {
			s := hostileServer(t, []string{"SKILL.md"}, map[string]http.HandlerFunc{
				"/site/.well-known/agent-skills/evil/SKILL.md": h,
			})
			dir, out, errOut, code := pullInto(t, s.URL+"/site")
			if code == 0 || !strings.Contains(out+errOut, "limit for one file") {
				t.Errorf("%s body: exit %d, %q %q", name, code, out, errOut)
			}
			if got := written(dir); len(got) != 0 {
				t.Errorf("wrote %v", got)
			}
		})
	}
}

// A remote skill holding a version-control folder (.git/config whose
// core.fsmonitor runs a command at the next `git status` there, or that a
// shell prompt runs on cd), or a name Windows drops, shares with another
// file or takes for a device, is not pulled at all; the refusal names the
// file and why. Before, pull wrote all of them.
func TestPullRefusesVCSFoldersAndWindowsNames(t *testing.T) {
	for name, c := range map[string]struct{ file, why string }{
		"git config":   {".git/config", "version-control folder (.git)"},
		"git case":     {".Git/config", "version-control folder (.git)"},
		"git dot":      {".git./hooks/post-checkout", "version-control folder (.git)"},
		"git ZWNJ":     {".g\u200cit/config", "version-control folder (.git)"},
		"git 8.3":      {"GIT~1/config", "version-control folder (git~1)"},
		"git file":     {"references/.git", "version-control folder (.git)"},
		"hg":           {".hg/hgrc", "version-control folder (.hg)"},
		"trailing dot": {"SKILL.md.", "ends in a dot or space"},
		"device":       {"references/CON", "device name on Windows"},
		"device ext":   {"aux.md", "device name on Windows"},
	} {
		t.Run(name, func(t *testing.T) {
			s := hostileServer(t, []string{"SKILL.md", "references/a.md", c.file}, map[string]http.HandlerFunc{
				"/site/.well-known/agent-skills/evil/":         serve("[core]\n\tfsmonitor = \"touch pwned\"\n"),
				"/site/.well-known/agent-skills/evil/SKILL.md": serve(okSkill),
			})
			dir, out, errOut, code := pullInto(t, s.URL+"/site")
			if code == 0 || !strings.Contains(errOut, c.why) || !strings.Contains(errOut, "nothing was pulled") {
				t.Errorf("exit %d, want a refusal saying %q: %q %q", code, c.why, out, errOut)
			}
			if got := written(dir); len(got) > 0 {
				t.Errorf("pull wrote %q", got)
			}
		})
	}
}
