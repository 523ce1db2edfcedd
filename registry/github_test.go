package registry

import (
	"context"
	"io/fs"
	"net/http"
	"path"
	"sort"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/formats"
)

// serveRepo publishes files (repo path → content) on a fake raw-content
// server at /OWNER/REPO/REF/… and, when api is set, folder listings on a
// fake contents API at /repos/OWNER/REPO/contents/….
func serveRepo(raw, api *fakeServer, owner, repo, ref string, files map[string]string) {
	dirs := map[string]map[string]githubItem{"": {}}
	for p, body := range files {
		raw.set("/"+owner+"/"+repo+"/"+ref+"/"+p, body)
		child := githubItem{Name: path.Base(p), Path: p, Type: "file", Size: int64(len(body))}
		for d := path.Dir(p); ; d = path.Dir(d) {
			key := d
			if d == "." {
				key = ""
			}
			if dirs[key] == nil {
				dirs[key] = map[string]githubItem{}
			}
			dirs[key][child.Name] = child
			if d == "." {
				break
			}
			child = githubItem{Name: path.Base(d), Path: d, Type: "dir"}
		}
	}
	if api == nil {
		return
	}
	q := ""
	if ref != "HEAD" {
		q = "?ref=" + ref
	}
	for d, kids := range dirs {
		var items []githubItem
		for _, k := range kids {
			items = append(items, k)
		}
		sort.Slice(items, func(i, j int) bool { return items[i].Name < items[j].Name })
		p := "/repos/" + owner + "/" + repo + "/contents"
		if d != "" {
			p += "/" + d
		}
		api.setJSON(p+q, items)
	}
}

func osloopRepo(withIndex bool, names ...string) map[string]string {
	files := map[string]string{}
	for _, n := range names {
		files["skills/"+n+"/manifest.json"] = osloopManifest(n)
		files["skills/"+n+"/module.ts"] = osloopModule
	}
	files["skills/"+names[0]+"/docs.md"] = "# Docs\n"
	if withIndex {
		files["skills/index.json"] = mustJSON(osloopIndexJSON("skills", names...))
	}
	return files
}

func TestGitHubOSLoopRepoWithIndex(t *testing.T) {
	raw, api := newFakeServer(t), newFakeServer(t)
	serveRepo(raw, nil, "acme", "skills", "HEAD", osloopRepo(true, "web-summary", "text-transform"))
	o := testOpts(t, raw, api)
	o.GitHubToken = "tok123"
	op := mustOpen(t, "github:acme/skills", o)

	if got, want := strings.Join(candidates(op), ","), "osloop skills/text-transform,osloop skills/web-summary"; got != want {
		t.Errorf("candidates = %s, want %s", got, want)
	}
	if op.Root != "skills" || !strings.HasSuffix(op.Base.Root, "/acme/skills/HEAD/") || op.Base.Local {
		t.Errorf("opened = root %q base %q local %v", op.Root, op.Base.Root, op.Base.Local)
	}
	if got := op.Base.Path("skills/web-summary/manifest.json"); got != raw.URL+"/acme/skills/HEAD/skills/web-summary/manifest.json" {
		t.Errorf("Path = %s", got)
	}
	if readFS(t, op, "skills/web-summary/docs.md") != "# Docs\n" {
		t.Error("docs.md not fetched")
	}
	if _, err := fs.Stat(op.Base.FS, "skills/text-transform/docs.md"); err == nil {
		t.Error("absent optional docs.md appeared")
	}
	if got := formats.Find(op.Base.FS, op.Root).Repositories; len(got) != 1 || got[0].Index != "skills/index.json" {
		t.Errorf("repositories = %v, want skills/index.json (so osloop.CheckIndex runs)", got)
	}
	if api.total() != 0 {
		t.Errorf("contents API asked %d times although index.json exists", api.total())
	}
	if raw.auth["/acme/skills/HEAD/skills/index.json"] != "Bearer tok123" {
		t.Error("GITHUB_TOKEN not sent to the raw-content host")
	}
	if len(op.Notes) != 0 {
		t.Errorf("notes:\n%s", noteText(op.Notes))
	}
}

func TestGitHubRefAndDir(t *testing.T) {
	raw := newFakeServer(t)
	files := map[string]string{}
	for p, b := range osloopRepo(false, "alpha") {
		files["pkg/"+p] = b
	}
	files["pkg/skills/index.json"] = mustJSON(osloopIndexJSON("pkg/skills", "alpha"))
	serveRepo(raw, nil, "acme", "mono", "v1.2", files)
	op := mustOpen(t, "github:acme/mono@v1.2//pkg/skills", testOpts(t, raw, newFakeServer(t)))
	if got := strings.Join(candidates(op), ","); got != "osloop pkg/skills/alpha" {
		t.Errorf("candidates = %s", got)
	}
}

func TestGitHubFolderPathEscapeIsRejected(t *testing.T) {
	raw := newFakeServer(t)
	files := osloopRepo(false, "good")
	idx := osloopIndexJSON("skills", "good")
	idx = append(idx, map[string]any{"name": "evil", "folderPath": "../../../etc"}, map[string]any{"name": "abs", "folderPath": "/etc/passwd"}, map[string]any{"name": "nofolder"})
	files["skills/index.json"] = mustJSON(idx)
	serveRepo(raw, nil, "acme", "skills", "HEAD", files)
	op := mustOpen(t, "github:acme/skills", testOpts(t, raw, newFakeServer(t)))
	if got := strings.Join(candidates(op), ","); got != "osloop skills/good" {
		t.Errorf("candidates = %s", got)
	}
	text := noteText(op.Notes)
	if strings.Count(text, "remote/path-escape") != 2 || !strings.Contains(text, `"../../../etc" leaves the repository`) {
		t.Errorf("notes:\n%s", text)
	}
	if !strings.Contains(text, "remote/bad-entry skills/index.json") || !strings.Contains(text, "has no folderPath") {
		t.Errorf("missing folderPath not reported:\n%s", text)
	}
	for _, d := range op.Notes {
		if d.Line == 0 {
			t.Errorf("%s has no line", d)
		}
	}
}

func TestGitHubMissingRequiredFile(t *testing.T) {
	raw := newFakeServer(t)
	files := osloopRepo(true, "whole", "broken")
	delete(files, "skills/broken/module.ts")
	serveRepo(raw, nil, "acme", "skills", "HEAD", files)
	op := mustOpen(t, "github:acme/skills", testOpts(t, raw, newFakeServer(t)))
	if got := strings.Join(candidates(op), ","); got != "osloop skills/whole" {
		t.Errorf("candidates = %s (a half-fetched skill must not be read)", got)
	}
	if !strings.Contains(noteText(op.Notes), "skill broken: "+raw.URL+"/acme/skills/HEAD/skills/broken/module.ts: 404 Not Found") {
		t.Errorf("notes:\n%s", noteText(op.Notes))
	}
}

func TestGitHubSkillMDRepoThroughContentsAPI(t *testing.T) {
	raw, api := newFakeServer(t), newFakeServer(t)
	serveRepo(raw, api, "acme", "agent-skills", "HEAD", map[string]string{
		"README.md":                            "# repo\n",
		"skills/pdf-tools/SKILL.md":            skillMD("pdf-tools"),
		"skills/pdf-tools/references/guide.md": "# Guide\n",
		"skills/pdf-tools/scripts/run.sh":      "#!/bin/sh\necho never run\n",
		"skills/review/SKILL.md":               skillMD("review"),
		"skills/.curated/triage/SKILL.md":      skillMD("triage"),
		"skills/tools/helper.xgs.js":           xgsSource("helper"),
	})
	op := mustOpen(t, "github:acme/agent-skills", testOpts(t, raw, api))
	want := "skillmd skills/.curated/triage,skillmd skills/pdf-tools,skillmd skills/review,xgs skills/tools/helper.xgs.js"
	if got := strings.Join(candidates(op), ","); got != want {
		t.Errorf("candidates = %s\nwant %s", got, want)
	}
	// References are listed but fetched only when read.
	if n := raw.hitCount("/acme/agent-skills/HEAD/skills/pdf-tools/references/guide.md"); n != 0 {
		t.Errorf("reference fetched %d times before being read", n)
	}
	if info, err := fs.Stat(op.Base.FS, "skills/pdf-tools/references/guide.md"); err != nil || info.Size() != 8 {
		t.Errorf("stat of a lazy file = %v, %v", info, err)
	}
	if readFS(t, op, "skills/pdf-tools/references/guide.md") != "# Guide\n" {
		t.Error("lazy reference read wrong content")
	}
	if n := raw.hitCount("/acme/agent-skills/HEAD/skills/pdf-tools/references/guide.md"); n != 1 {
		t.Errorf("reference fetched %d times, want 1", n)
	}
	if api.hitCount("/repos/acme/agent-skills/contents/skills") != 1 {
		t.Error("contents API not used for the listing")
	}
}

func TestGitHubRootFallbackForXGSRepo(t *testing.T) {
	raw, api := newFakeServer(t), newFakeServer(t)
	serveRepo(raw, api, "acme", "userscripts", "HEAD", map[string]string{
		"alpha.xgs.js": xgsSource("alpha"),
		"beta.xgs.js":  xgsSource("beta"),
		"notes.md":     "# notes\n",
	})
	op := mustOpen(t, "github:acme/userscripts", testOpts(t, raw, api))
	if got := strings.Join(candidates(op), ","); got != "xgs alpha.xgs.js,xgs beta.xgs.js" {
		t.Errorf("candidates = %s", got)
	}
}

func TestGitHubNamedDirMissing(t *testing.T) {
	raw, api := newFakeServer(t), newFakeServer(t)
	serveRepo(raw, api, "acme", "empty", "HEAD", map[string]string{"README.md": "x"})
	msg := openErr(t, "github:acme/empty//nope", testOpts(t, raw, api))
	if !strings.Contains(msg, `no nope/index.json and no folder "nope" in acme/empty`) || !strings.Contains(msg, "//DIR") {
		t.Errorf("message = %s", msg)
	}
}

func TestGitHubRateLimitSaysSetToken(t *testing.T) {
	raw, api := newFakeServer(t), newFakeServer(t)
	api.handle("/repos/acme/big/contents/skills", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-RateLimit-Remaining", "0")
		w.Header().Set("X-RateLimit-Reset", "1700000000")
		http.Error(w, `{"message":"API rate limit exceeded"}`, http.StatusForbidden)
	})
	msg := openErr(t, "github:acme/big", testOpts(t, raw, api))
	if !strings.Contains(msg, "GitHub API rate limit reached") || !strings.Contains(msg, "set GITHUB_TOKEN") {
		t.Errorf("message = %s", msg)
	}
}

func TestGitHubHostileListingPathsAreRejected(t *testing.T) {
	raw, api := newFakeServer(t), newFakeServer(t)
	raw.set("/acme/h/HEAD/skills/ok.xgs.js", xgsSource("ok"))
	raw.set("/acme/h/HEAD/skills/../../evil.xgs.js", xgsSource("evil"))
	api.setJSON("/repos/acme/h/contents/skills", []githubItem{
		{Name: "ok.xgs.js", Path: "skills/ok.xgs.js", Type: "file"},
		{Name: "evil.xgs.js", Path: "../evil.xgs.js", Type: "file"},
		{Name: "..", Path: "skills/..", Type: "dir"},
	})
	op := mustOpen(t, "github:acme/h", testOpts(t, raw, api))
	if got := strings.Join(candidates(op), ","); got != "xgs skills/ok.xgs.js" {
		t.Errorf("candidates = %s", got)
	}
	if strings.Count(noteText(op.Notes), "remote/path-escape") != 2 {
		t.Errorf("notes:\n%s", noteText(op.Notes))
	}
}

func TestGitHubListingBudget(t *testing.T) {
	raw, api := newFakeServer(t), newFakeServer(t)
	files := map[string]string{}
	for _, d := range []string{"a", "b", "c", "d", "e"} {
		files["skills/"+d+"/deeper/x.md"] = "x"
	}
	serveRepo(raw, api, "acme", "wide", "HEAD", files)
	o := testOpts(t, raw, api)
	o.MaxListings = 3
	op := mustOpen(t, "github:acme/wide", o)
	if !hasRule(op.Notes, "remote/truncated") {
		t.Errorf("notes:\n%s", noteText(op.Notes))
	}
	if api.total() > 3 {
		t.Errorf("%d listings, budget 3", api.total())
	}
}

func TestGitHubSpecFromLoadSources(t *testing.T) {
	raw := newFakeServer(t)
	serveRepo(raw, nil, "acme", "skills", "HEAD", osloopRepo(true, "one"))
	o := testOpts(t, raw, newFakeServer(t))
	lib, err := LoadSources(context.Background(), []string{"github:acme/skills"}, modelOptions(), nil, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(lib.Skills) != 1 || lib.Skills[0].Location.Local || lib.Skills[0].Location.Source != "github:acme/skills" {
		t.Fatalf("skills = %+v", lib.Skills)
	}
}

// A contents-API listing is checked for names that are one file on
// macOS or Windows before anything is shown, as pull and archive
// unpacking check them: a skill folder holding SKILL.md and skill.md, a
// references/ and a References/ folder, or é in NFC and NFD is withheld
// with remote/name-clash; sibling skills or .xgs.js files so named are
// both left out; names that differ by more stay.
func TestGitHubListingRefusesNamesThatAreOneFile(t *testing.T) {
	raw, api := newFakeServer(t), newFakeServer(t)
	serveRepo(raw, api, "acme", "skills", "HEAD", map[string]string{
		"skills/case/SKILL.md":              skillMD("case"),
		"skills/case/skill.md":              skillMD("case"),
		"skills/folders/SKILL.md":           skillMD("folders"),
		"skills/folders/references/a.md":    "# A\n",
		"skills/folders/References/b.md":    "# B\n",
		"skills/accent/SKILL.md":            skillMD("accent"),
		"skills/accent/caf\u00e9.md":        "# NFC\n",
		"skills/accent/cafe\u0301.md":       "# NFD\n",
		"skills/osl/manifest.json":          osloopManifest("osl"),
		"skills/osl/module.ts":              osloopModule,
		"skills/osl/Module.ts":              osloopModule,
		"skills/Twin/SKILL.md":              skillMD("twin"),
		"skills/twin/SKILL.md":              skillMD("twin"),
		"skills/tools/Helper.xgs.js":        xgsSource("helper"),
		"skills/tools/helper.xgs.js":        xgsSource("helper"),
		"skills/fine/SKILL.md":              skillMD("fine"),
		"skills/fine/README.md":             "# not a clash with references/readme.md: another folder\n",
		"skills/fine/references/readme.md":  "# Readme\n",
		"skills/fine/scripts/references.md": "# a file named like a folder elsewhere\n",
	})
	op := mustOpen(t, "github:acme/skills", testOpts(t, raw, api))
	if got, want := strings.Join(candidates(op), ","), "skillmd skills/fine"; got != want {
		t.Errorf("candidates = %s, want %s", got, want)
	}
	text := noteText(op.Notes)
	for _, want := range []string{
		"remote/name-clash skills/case: skill case: skills/case/SKILL.md and skills/case/skill.md differ only by case",
		"remote/name-clash skills/folders: skill folders: skills/folders/References and skills/folders/references differ only by case",
		"remote/name-clash skills/accent: skill accent:",
		"differ only by Unicode normalisation",
		"remote/name-clash skills/osl: skill osl: skills/osl/Module.ts and skills/osl/module.ts differ only by case",
		"remote/name-clash skills: skills/Twin and skills/twin differ only by case",
		"remote/name-clash skills/tools: skills/tools/Helper.xgs.js and skills/tools/helper.xgs.js differ only by case",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("notes lack %q:\n%s", want, text)
		}
	}
	withheld := map[string]bool{}
	for _, w := range op.Withheld {
		withheld[w.Entry.Name] = true
	}
	for _, name := range []string{"case", "folders", "accent", "osl"} {
		if !withheld[name] {
			t.Errorf("skill %s is not withheld: %v", name, op.Withheld)
		}
	}
	// Nothing of a withheld skill is fetched.
	if n := raw.hitCount("/acme/skills/HEAD/skills/case/SKILL.md"); n != 0 {
		t.Errorf("a withheld skill's SKILL.md was fetched %d times", n)
	}
}
