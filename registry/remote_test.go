package registry

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/model"
)

func writeFile(p, s string) error { return os.WriteFile(p, []byte(s), 0o644) }

func TestParseSpec(t *testing.T) {
	cases := []struct {
		in   string
		kind SpecKind
		want string // owner/repo@ref//dir, or the URL
	}{
		{"github:acme/skills", SpecGitHub, "acme/skills@//skills"},
		{"github:acme/skills@main", SpecGitHub, "acme/skills@main//skills"},
		{"github:acme/skills@feature/x//pkg/skills/", SpecGitHub, "acme/skills@feature/x//pkg/skills"},
		{"github:acme/skills.git//.", SpecGitHub, "acme/skills@//."},
		{"https://h.example/skills/index.json", SpecIndex, "https://h.example/skills/index.json"},
		{"https://h.example/.well-known/agent-skills/index.json", SpecIndex, "https://h.example/.well-known/agent-skills/index.json"},
		{"https://h.example/dist/registry.json", SpecXgooseIndex, "https://h.example/dist/registry.json"},
		{"https://h.example/dist/discourse.xgs.js", SpecRawXGS, "https://h.example/dist/discourse.xgs.js"},
		{"https://h.example/skills/pdf/SKILL.md", SpecRawSkillMD, "https://h.example/skills/pdf/SKILL.md"},
		{"https://h.example", SpecWellKnown, "https://h.example"},
		{"HTTPS://h.example/docs#top", SpecWellKnown, "https://h.example/docs"},
		{"example.com", SpecWellKnown, "https://example.com"},
		{"skills.example.co.uk/team", SpecWellKnown, "https://skills.example.co.uk/team"},
		{"localhost:8080", SpecWellKnown, "https://localhost:8080"},
	}
	for _, c := range cases {
		s, err := ParseSpec(c.in)
		if err != nil {
			t.Errorf("ParseSpec(%q): %v", c.in, err)
			continue
		}
		got := ""
		if s.Kind == SpecGitHub {
			got = s.Owner + "/" + s.Repo + "@" + s.Ref + "//" + s.Dir
		} else {
			got = s.URL.String()
		}
		if s.Kind != c.kind || got != c.want {
			t.Errorf("ParseSpec(%q) = %d %s, want %d %s", c.in, s.Kind, got, c.kind, c.want)
		}
	}
	for _, bad := range []string{
		"github:acme", "github:/skills", "github:acme/sk ills", "github:acme/skills@", "github:acme/skills@a..b",
		"github:acme/skills//../up", "github:acme/skills//a/../../b", "https://user:pw@h.example/index.json",
		"skill.md", "my-folder", "./x.com", "https://", "github:acme/skills@x\x1b[31m",
	} {
		if _, err := ParseSpec(bad); err == nil {
			t.Errorf("ParseSpec(%q) succeeded", bad)
		} else {
			assertClean(t, "error", err.Error())
		}
	}
}

func TestIsRemoteLocalPathWins(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if !IsRemote("example.com") {
		t.Error("example.com (absent locally) should be remote")
	}
	if err := os.Mkdir(filepath.Join(dir, "example.com"), 0o755); err != nil {
		t.Fatal(err)
	}
	if IsRemote("example.com") {
		t.Error("an existing local folder example.com must win")
	}
	for _, local := range []string{"skills", "./x", "/abs/path", "foo.xgs.js", "SKILL.md", "notes.md"} {
		if IsRemote(local) {
			t.Errorf("IsRemote(%q) = true", local)
		}
	}
	for _, remote := range []string{"github:a/b", "https://x", "http://127.0.0.1:1/x"} {
		if !IsRemote(remote) {
			t.Errorf("IsRemote(%q) = false", remote)
		}
	}
}

func TestXgooseRegistry(t *testing.T) {
	s := newFakeServer(t)
	s.setJSON("/dist/registry.json", []map[string]any{
		{"name": "discourse", "namespace": "discourse", "version": "1.0.0", "description": "Forum search", "matches": []string{"https://*/*"}, "functions": []string{"searchTopics"}},
		{"name": "weather", "namespace": "weather", "version": "0.1.0", "file": "weather.xgs.js", "source": "src/weather.xgs.js"},
		{"name": "unpublished", "namespace": "u"},
		{"name": "escape", "file": "../../secrets.xgs.js"},
		{"name": 42},
	})
	s.set("/dist/discourse.xgs.js", xgsSource("discourse"))
	s.set("/dist/src/weather.xgs.js", xgsSource("weather"))
	op := mustOpen(t, s.URL+"/dist/registry.json", testOpts(t, nil, nil))
	if got := strings.Join(candidates(op), ","); got != "xgs discourse.xgs.js,xgs src/weather.xgs.js" {
		t.Errorf("candidates = %s", got)
	}
	text := noteText(op.Notes)
	for _, want := range []string{
		"remote/missing-file registry.json: skill unpublished: " + s.URL + "/dist/unpublished.xgs.js: 404 Not Found",
		`remote/path-escape registry.json: skill escape: file "../../secrets.xgs.js"`,
		"remote/bad-entry registry.json: registry entry has a field of the wrong type",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in:\n%s", want, text)
		}
	}
	// The object form ({"skills": […]}) reads the same.
	s.setJSON("/obj/registry.json", map[string]any{"skills": []map[string]any{{"name": "discourse"}}})
	s.set("/obj/discourse.xgs.js", xgsSource("discourse"))
	op = mustOpen(t, s.URL+"/obj/registry.json", testOpts(t, nil, nil))
	if got := strings.Join(candidates(op), ","); got != "xgs discourse.xgs.js" {
		t.Errorf("object form candidates = %s", got)
	}
}

func TestRawFiles(t *testing.T) {
	s := newFakeServer(t)
	s.set("/u/tools/helper.xgs.js", xgsSource("helper"))
	s.set("/repo/skills/pdf/SKILL.md", skillMD("pdf"))
	s.setFile("/repo/skills/html/SKILL.md", fakeFile{body: []byte("<!DOCTYPE html><p>not found</p>"), ctype: "text/html"})
	op := mustOpen(t, s.URL+"/u/tools/helper.xgs.js", testOpts(t, nil, nil))
	if got := strings.Join(candidates(op), ","); got != "xgs helper.xgs.js" || op.Base.Path("helper.xgs.js") != s.URL+"/u/tools/helper.xgs.js" {
		t.Errorf("xgs: %s %s", got, op.Base.Path("helper.xgs.js"))
	}
	op = mustOpen(t, s.URL+"/repo/skills/pdf/SKILL.md", testOpts(t, nil, nil))
	if got := strings.Join(candidates(op), ","); got != "skillmd pdf" || op.Base.Path("pdf/SKILL.md") != s.URL+"/repo/skills/pdf/SKILL.md" {
		t.Errorf("SKILL.md: %s %s", got, op.Base.Path("pdf/SKILL.md"))
	}
	if msg := openErr(t, s.URL+"/repo/skills/html/SKILL.md", testOpts(t, nil, nil)); !strings.Contains(msg, "got an HTML page where a skill file was expected") {
		t.Errorf("message = %s", msg)
	}
}

func TestStreamEventsInOrder(t *testing.T) {
	raw := newFakeServer(t)
	serveRepo(raw, nil, "acme", "skills", "HEAD", osloopRepo(true, "a", "b", "c"))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var kinds []EventKind
	var listed, skills int
	var last Event
	for e := range Stream(ctx, "github:acme/skills", testOpts(t, raw, newFakeServer(t)), model.Options{}) {
		kinds = append(kinds, e.Kind)
		if e.Source != "github:acme/skills" {
			t.Errorf("event source = %q", e.Source)
		}
		switch e.Kind {
		case EventListed:
			listed += len(e.Entries)
			if skills > 0 {
				t.Error("a skill arrived before the listing")
			}
		case EventSkill:
			skills++
			if e.Skill == nil || e.Skill.Location.FS == nil || e.Skill.Location.Local {
				t.Errorf("skill event = %+v", e.Skill)
			}
		}
		last = e
	}
	if kinds[0] != EventStatus || last.Kind != EventDone || listed != 3 || skills != 3 {
		t.Errorf("kinds = %v, listed %d, skills %d", kinds, listed, skills)
	}
	if last.Err != nil || last.Status.State != StateOK || last.Status.String() != "ok · 3 skills" {
		t.Errorf("done = %v, status %q", last.Err, last.Status.String())
	}
}

func TestStreamStatusCachedAndOffline(t *testing.T) {
	raw := newFakeServer(t)
	serveRepo(raw, nil, "acme", "skills", "HEAD", osloopRepo(true, "a"))
	o := testOpts(t, raw, newFakeServer(t))
	mustOpen(t, "github:acme/skills", o)
	var last Event
	for e := range Stream(context.Background(), "github:acme/skills", o, model.Options{}) {
		last = e
	}
	if got := last.Status.String(); got != "ok · 1 skill · cached" {
		t.Errorf("revalidated status = %q", got)
	}
	o.Offline = true
	for e := range Stream(context.Background(), "github:acme/skills", o, model.Options{}) {
		last = e
	}
	if got := last.Status.String(); got != "ok · 1 skill · offline · cached · stale" {
		t.Errorf("offline status = %q", got)
	}
}

func TestStreamErrorAndCancel(t *testing.T) {
	var last Event
	for e := range Stream(context.Background(), "github:nope", RemoteOptions{}, model.Options{}) {
		last = e
	}
	if last.Kind != EventDone || last.Err == nil || last.Status.State != StateError || !strings.HasPrefix(last.Status.String(), "error: github:nope") {
		t.Errorf("bad spec: %+v %q", last, last.Status.String())
	}
	s := newFakeServer(t)
	s.delay = 2 * time.Second
	ctx, cancel := context.WithCancel(context.Background())
	ch := Stream(ctx, s.URL+"/skills/index.json", testOpts(t, nil, nil), model.Options{})
	<-ch // the first status
	cancel()
	done := make(chan struct{})
	go func() {
		for range ch {
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		t.Fatal("stream did not end after cancel")
	}
}

func TestMemFS(t *testing.T) {
	m := newMemFS()
	m.add("a/b/c.txt", []byte("c"))
	m.add("a/d.txt", []byte("d"))
	m.add("../escape", []byte("x"))
	m.add("a/b", []byte("file over folder is ignored"))
	if err := fstestCheck(m, "a/b/c.txt", "a/d.txt"); err != nil {
		t.Fatal(err)
	}
	if m.has("../escape") {
		t.Error("invalid path stored")
	}
}
