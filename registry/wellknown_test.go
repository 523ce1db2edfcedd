package registry

import (
	"context"
	"io/fs"
	"net/http"
	"strings"
	"testing"
)

// wellKnownHost publishes a 0.2.0 index with: a good skill-md, a skill-md
// whose digest does not match, good .tar.gz and .zip archives, and
// archives that must be refused.
func wellKnownHost(t *testing.T) *fakeServer {
	s := newFakeServer(t)
	good := skillMD("code-review")
	s.set("/.well-known/agent-skills/code-review/SKILL.md", good)
	s.set("/.well-known/agent-skills/tampered/SKILL.md", skillMD("tampered"))
	tgz := tarGz(t, []tarMember{{name: "SKILL.md", body: skillMD("wrangler")}, {name: "references/commands.md", body: "# Commands\n"}})
	s.setFile("/.well-known/agent-skills/wrangler.tar.gz", fakeFile{body: tgz, ctype: "application/gzip"})
	zipped := zipOf(t, map[string]string{"zipped/SKILL.md": skillMD("zipped"), "zipped/assets/a.txt": "a"})
	s.setFile("/.well-known/agent-skills/zipped.zip", fakeFile{body: zipped})
	traversal := tarGz(t, []tarMember{{name: "SKILL.md", body: "x"}, {name: "../../evil.sh", body: "rm -rf /"}})
	s.setFile("/a/traversal.tar.gz", fakeFile{body: traversal})
	symlink := tarGz(t, []tarMember{{name: "SKILL.md", body: "x"}, {name: "passwd", link: "/etc/passwd"}})
	s.setFile("/a/symlink.tar.gz", fakeFile{body: symlink})
	bomb := tarGz(t, []tarMember{{name: "SKILL.md", body: "x"}, {name: "zeros.bin", size: 60 << 20}})
	s.setFile("/a/bomb.tar.gz", fakeFile{body: bomb})
	s.setJSON("/.well-known/agent-skills/index.json", map[string]any{
		"$schema": "https://schemas.agentskills.io/discovery/0.2.0/schema.json",
		"skills": []map[string]any{
			{"name": "code-review", "type": "skill-md", "description": "Review code.", "url": "/.well-known/agent-skills/code-review/SKILL.md", "digest": sha(good)},
			{"name": "tampered", "type": "skill-md", "description": "Changed after publishing.", "url": "tampered/SKILL.md", "digest": sha("something else")},
			{"name": "wrangler", "type": "archive", "description": "Deploy.", "url": "wrangler.tar.gz", "digest": sha(string(tgz))},
			{"name": "zipped", "type": "archive", "description": "Zip.", "url": "zipped.zip", "digest": sha(string(zipped))},
			{"name": "traversal", "type": "archive", "description": "..", "url": "/a/traversal.tar.gz", "digest": sha(string(traversal))},
			{"name": "symlink", "type": "archive", "description": "ln", "url": "/a/symlink.tar.gz", "digest": sha(string(symlink))},
			{"name": "bomb", "type": "archive", "description": "boom", "url": "/a/bomb.tar.gz", "digest": sha(string(bomb))},
			{"name": "elsewhere", "type": "skill-md", "description": "other host", "url": "https://evil.example/SKILL.md", "digest": sha(good)},
			{"name": "odd", "type": "plugin", "url": "odd/SKILL.md"},
		},
	})
	return s
}

func TestWellKnownV2(t *testing.T) {
	s := wellKnownHost(t)
	op := mustOpen(t, s.URL, testOpts(t, nil, nil))
	want := "skillmd code-review,skillmd wrangler,skillmd zipped"
	if got := strings.Join(candidates(op), ","); got != want {
		t.Errorf("candidates = %s\nwant %s\nnotes:\n%s", got, want, noteText(op.Notes))
	}
	if op.Base.Root != s.URL+"/.well-known/agent-skills/" {
		t.Errorf("root = %s", op.Base.Root)
	}
	if readFS(t, op, "wrangler/references/commands.md") != "# Commands\n" || readFS(t, op, "zipped/assets/a.txt") != "a" {
		t.Error("archive contents missing (zip's single top folder should be stripped)")
	}
	text := noteText(op.Notes)
	for _, want := range []string{
		"remote/digest-mismatch index.json: skill tampered: " + s.URL + "/.well-known/agent-skills/tampered/SKILL.md has digest sha256:",
		"remote/archive-rejected index.json: skill traversal: archive " + s.URL + `/a/traversal.tar.gz member "../../evil.sh" leaves the skill folder`,
		"remote/archive-rejected index.json: skill symlink: archive " + s.URL + "/a/symlink.tar.gz member passwd is a link; links are refused",
		"remote/archive-rejected index.json: skill bomb: archive " + s.URL + "/a/bomb.tar.gz unpacks to more than 50 MB",
		`remote/path-escape index.json: skill elsewhere: url "https://evil.example/SKILL.md" is not on`,
		`remote/bad-entry index.json: skill odd: type "plugin" is not skill-md or archive`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing note %q in:\n%s", want, text)
		}
	}
	if _, err := fs.Stat(op.Base.FS, "tampered"); err == nil {
		t.Error("content that failed its digest was kept")
	}
	withheld := map[string]bool{}
	for _, w := range op.Withheld {
		withheld[w.Entry.Name] = w.Mismatch
	}
	if mismatch, ok := withheld["tampered"]; !ok || !mismatch {
		t.Errorf("tampered is not reported withheld for a digest mismatch: %+v", op.Withheld)
	}
	lib := op.Load(context.Background(), modelOptions(), nil)
	verified := map[string]bool{}
	for _, sk := range lib.Skills {
		ok, _ := Verified(sk)
		verified[sk.Location.Dir] = ok
	}
	if !verified["code-review"] || !verified["wrangler"] || !verified["zipped"] {
		t.Errorf("verified = %v", verified)
	}
	if !hasRule(lib.Diagnostics, "remote/digest-mismatch") {
		t.Error("notes do not reach the library")
	}
}

func TestWellKnownV2MissingDigestIsUnverified(t *testing.T) {
	s := newFakeServer(t)
	s.set("/.well-known/agent-skills/plain/SKILL.md", skillMD("plain"))
	s.setJSON("/.well-known/agent-skills/index.json", map[string]any{"skills": []map[string]any{
		{"name": "plain", "type": "skill-md", "description": "d", "url": "plain/SKILL.md"},
	}})
	op := mustOpen(t, s.URL, testOpts(t, nil, nil))
	lib := op.Load(context.Background(), modelOptions(), nil)
	if len(lib.Skills) != 1 {
		t.Fatalf("skills = %d", len(lib.Skills))
	}
	if ok, _ := Verified(lib.Skills[0]); ok {
		t.Error("a skill without a digest is shown verified")
	}
	if !hasRule(op.Notes, "remote/unverified") {
		t.Errorf("notes:\n%s", noteText(op.Notes))
	}
}

func TestWellKnownLegacyV1(t *testing.T) {
	s := newFakeServer(t)
	// A site whose front page answers every unknown path (a SPA).
	s.setFile("/.well-known/agent-skills/index.json", fakeFile{body: []byte("<!doctype html><html>app</html>"), ctype: "text/html"})
	s.set("/.well-known/skills/pdf/SKILL.md", skillMD("pdf"))
	s.set("/.well-known/skills/pdf/references/forms.md", "# Forms\n")
	s.setJSON("/.well-known/skills/index.json", map[string]any{"skills": []map[string]any{
		{"name": "pdf", "description": "PDFs", "files": []string{"SKILL.md", "references/forms.md", "../../outside.md"}},
		{"name": "nomain", "description": "x", "files": []string{"README.md"}},
	}})
	op := mustOpen(t, s.URL, testOpts(t, nil, nil))
	if got := strings.Join(candidates(op), ","); got != "skillmd pdf" {
		t.Errorf("candidates = %s", got)
	}
	if s.hitCount("/.well-known/skills/pdf/references/forms.md") != 0 {
		t.Error("a listed file was fetched before it was read")
	}
	if readFS(t, op, "pdf/references/forms.md") != "# Forms\n" {
		t.Error("listed file not readable")
	}
	text := noteText(op.Notes)
	for _, want := range []string{"remote/unverified", `file "../../outside.md" leaves the skill folder`, "skill nomain: files does not list SKILL.md"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in:\n%s", want, text)
		}
	}
}

func TestWellKnownDefaultSkill(t *testing.T) {
	s := newFakeServer(t)
	s.set("/.well-known/skills/default/skill.md", skillMD("default"))
	op := mustOpen(t, s.URL+"/", testOpts(t, nil, nil))
	if got := strings.Join(candidates(op), ","); got != "skillmd default" {
		t.Errorf("candidates = %s", got)
	}
	if op.Base.Path("default/skill.md") != s.URL+"/.well-known/skills/default/skill.md" {
		t.Errorf("path = %s", op.Base.Path("default/skill.md"))
	}
}

func TestWellKnownUnderSitePath(t *testing.T) {
	s := newFakeServer(t)
	s.set("/project/.well-known/agent-skills/one/SKILL.md", skillMD("one"))
	s.setJSON("/project/.well-known/agent-skills/index.json", map[string]any{"skills": []map[string]any{
		{"name": "one", "type": "skill-md", "description": "d", "url": "one/SKILL.md", "digest": sha(skillMD("one"))},
	}})
	op := mustOpen(t, s.URL+"/project", testOpts(t, nil, nil))
	if got := strings.Join(candidates(op), ","); got != "skillmd one" {
		t.Errorf("candidates = %s", got)
	}
}

func TestWellKnownNothingPublished(t *testing.T) {
	s := newFakeServer(t)
	msg := openErr(t, s.URL, testOpts(t, nil, nil))
	if !strings.Contains(msg, "publishes no skills: tried "+s.URL+"/.well-known/agent-skills/index.json, "+s.URL+"/.well-known/skills/index.json, "+s.URL+"/.well-known/skills/default/skill.md") {
		t.Errorf("message = %s", msg)
	}
}

func TestWellKnownServerErrorStopsProbe(t *testing.T) {
	s := newFakeServer(t)
	s.handle("/.well-known/agent-skills/index.json", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "boom", http.StatusInternalServerError)
	})
	msg := openErr(t, s.URL, testOpts(t, nil, nil))
	if !strings.Contains(msg, "500 Internal Server Error (the server failed; try again later)") {
		t.Errorf("message = %s", msg)
	}
}

func TestDiscoveryIndexAtAnyURL(t *testing.T) {
	s := newFakeServer(t)
	s.set("/scoped/x/SKILL.md", skillMD("x"))
	s.setJSON("/scoped/index.json", map[string]any{"skills": []map[string]any{{"name": "x", "type": "skill-md", "url": "x/SKILL.md", "digest": sha(skillMD("x"))}}})
	op := mustOpen(t, s.URL+"/scoped/index.json", testOpts(t, nil, nil))
	if got := strings.Join(candidates(op), ","); got != "skillmd x" {
		t.Errorf("candidates = %s", got)
	}
}

func TestDiscoveryFutureVersionRefused(t *testing.T) {
	s := newFakeServer(t)
	s.setJSON("/.well-known/agent-skills/index.json", map[string]any{"version": "1.0.0", "skills": []any{}})
	if msg := openErr(t, s.URL, testOpts(t, nil, nil)); !strings.Contains(msg, "version 1.0.0 is newer") {
		t.Errorf("message = %s", msg)
	}
}

// TestPullWithheldSaysWhy: pulling a skill the index lists but that failed
// its digest names the reason, not "no skill named".
func TestPullWithheldSaysWhy(t *testing.T) {
	s := wellKnownHost(t)
	op := mustOpen(t, s.URL, testOpts(t, nil, nil))
	_, err := Pull(context.Background(), op, "tampered", t.TempDir(), modelOptions())
	if err == nil || !strings.Contains(err.Error(), `withheld it: skill tampered:`) || !strings.Contains(err.Error(), "digest") {
		t.Errorf("err = %v", err)
	}
	lib := op.Load(context.Background(), modelOptions(), nil)
	found := false
	for _, d := range WithheldFindings(lib) {
		found = found || strings.HasPrefix(d.Message, "skill tampered:")
	}
	if !found {
		t.Errorf("Withheld does not name the tampered skill: %v", WithheldFindings(lib))
	}
}

// A legacy index whose files list a name twice (with two digests), a
// name that is also a folder of another, or names that clash by case
// has each left out with a note: nothing listed is dropped in silence,
// and the first entry is the one used.
func TestLegacyIndexConflictingFilesAreNamed(t *testing.T) {
	s := newFakeServer(t)
	s.setFile("/.well-known/agent-skills/index.json", fakeFile{status: 404})
	s.set("/.well-known/skills/pdf/SKILL.md", skillMD("pdf"))
	s.set("/.well-known/skills/pdf/references/a.md", "# A\n")
	s.set("/.well-known/skills/pdf/b.md", "# B\n")
	s.setJSON("/.well-known/skills/index.json", map[string]any{"skills": []map[string]any{
		{"name": "pdf", "description": "PDFs", "files": []any{"SKILL.md", "references/a.md", "references",
			map[string]any{"path": "b.md", "digest": sha("# B\n")}, map[string]any{"path": "b.md", "digest": sha("evil")}, "B.md"}},
	}})
	op := mustOpen(t, s.URL, testOpts(t, nil, nil))
	text := noteText(op.Notes)
	for _, want := range []string{`file "references" is both a file and a folder`, `file "b.md" is listed twice`, `file "B.md" and "b.md" differ only by case`} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in:\n%s", want, text)
		}
	}
	if readFS(t, op, "pdf/b.md") != "# B\n" {
		t.Error("the first entry of b.md is not the one used")
	}
}
