package registry

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"path"
	"strings"
	"sync/atomic"

	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// githubItem is one entry of a contents-API folder listing.
type githubItem struct {
	Name string `json:"name"`
	Path string `json:"path"`
	Type string `json:"type"` // file, dir, symlink, submodule
	Size int64  `json:"size"`
}

// maxSkillFiles bounds the files registered for one SKILL.md folder.
const maxSkillFiles = 300

// githubSkipped are folders never listed: VCS data, dependencies, output.
var githubSkipped = map[string]bool{".git": true, ".github": true, "node_modules": true, "dist": true}

// openGitHub resolves github:OWNER/REPO[@REF][//DIR] as the OS Loop
// runtime does: DIR/index.json through raw content first, else a folder
// listing through the contents API. A listing also finds SKILL.md folders
// and .xgs.js files, so any skills repository opens the same way.
func (r *remote) openGitHub(ctx context.Context) error {
	s := r.spec
	ref := s.Ref
	if ref == "" {
		ref = "HEAD" // raw content resolves HEAD to the default branch
	}
	rawRoot, err := url.Parse(fmt.Sprintf("%s/%s/%s/%s/", r.opts.GitHubRaw, url.PathEscape(s.Owner), url.PathEscape(s.Repo), escapeRef(ref)))
	if err != nil {
		return fmt.Errorf("%s: bad GitHub raw-content URL %q", sanitize.Line(s.Raw), r.opts.GitHubRaw)
	}
	r.base.Root = rawRoot.String()
	rawURL := func(p string) string { return resolveRef(rawRoot, p) }

	if s.Dir != "." {
		indexFS := s.Dir + "/index.json"
		resp, err := r.f.get(ctx, rawURL(indexFS), expectJSON)
		switch {
		case err == nil && firstByte(resp.Body) == '[':
			return r.osloopIndex(ctx, resp.Body, indexFS, s.Dir, rawURL)
		case err == nil:
			r.note(RemoteRules.New("remote/bad-entry", indexFS, 1, 1,
				"index.json is not an OS Loop index (a JSON array); the folder is listed instead",
				"Make index.json a JSON array of skill entries, or remove it."))
		case errors.Is(err, ErrNotFound):
			// No index: list the folder.
		default:
			return err
		}
	}
	g := &githubLister{r: r, raw: rawURL, ref: s.Ref}
	items, err := g.list(ctx, s.Dir)
	if errors.Is(err, ErrNotFound) && !s.DirGiven {
		// No skills/ folder: the skills may sit at the repository root.
		items, err = g.list(ctx, ".")
		if err == nil {
			s.Dir = "."
		}
	}
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return fmt.Errorf("%s: no %s/index.json and no folder %q in %s/%s (%w); name the skills folder with //DIR", sanitize.Line(s.Raw), s.Dir, s.Dir, s.Owner, s.Repo, err)
		}
		return err
	}
	r.root = s.Dir
	g.classify(ctx, s.Dir, items, 0)
	return nil
}

// escapeRef escapes a branch or tag, keeping the slashes of feature/x.
func escapeRef(ref string) string {
	segs := strings.Split(ref, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return strings.Join(segs, "/")
}

// githubLister walks a repository through the contents API.
type githubLister struct {
	r        *remote
	raw      func(string) string
	ref      string
	listings atomic.Int64
	warned   atomic.Bool
}

// list fetches one folder listing. dir "." is the repository root.
func (g *githubLister) list(ctx context.Context, dir string) ([]githubItem, error) {
	if g.listings.Add(1) > int64(g.r.opts.MaxListings) {
		if !g.warned.Swap(true) {
			g.r.note(RemoteRules.New("remote/truncated", dir, 0, 0,
				fmt.Sprintf("stopped after %d folder listings; some skills may be missing", g.r.opts.MaxListings),
				"Open a narrower folder with github:OWNER/REPO//DIR, or publish a skills/index.json."))
		}
		return nil, nil
	}
	s := g.r.spec
	p := fmt.Sprintf("%s/repos/%s/%s/contents", g.r.opts.GitHubAPI, url.PathEscape(s.Owner), url.PathEscape(s.Repo))
	if dir != "." {
		p += "/" + escapeRef(dir)
	}
	if g.ref != "" {
		p += "?ref=" + url.QueryEscape(g.ref)
	}
	resp, err := g.r.f.get(ctx, p, expectJSON)
	if err != nil {
		return nil, err
	}
	var items []githubItem
	if err := json.Unmarshal(resp.Body, &items); err != nil {
		if firstByte(resp.Body) == '{' {
			return nil, fmt.Errorf("%s: %s is a file, not a folder", sanitize.Line(s.Raw), sanitize.Line(dir))
		}
		return nil, fmt.Errorf("%s: the contents API answered with something that is not a folder listing: %s", sanitize.Line(p), sanitize.Line(err.Error()))
	}
	// The listing's paths must lie in the folder asked for: a hostile or
	// broken API must not place files elsewhere in the tree.
	kept := items[:0]
	for _, it := range items {
		want := path.Join(dir, it.Name)
		if it.Path != want || !safeListName(it.Name) {
			g.r.note(RemoteRules.New("remote/path-escape", dir, 0, 0,
				fmt.Sprintf("listing of %s names %q at %q; not followed", sanitize.Line(dir), sanitize.Line(it.Name), sanitize.Line(it.Path)),
				"The contents API returned an entry outside the folder; check GitHub API base URL."))
			continue
		}
		kept = append(kept, it)
	}
	return kept, nil
}

func safeListName(n string) bool {
	return n != "" && n != "." && n != ".." && !strings.ContainsAny(n, `/\`) && printable(n)
}

// classify looks at one folder: a skill folder becomes an entry; other
// folders are listed in turn (up to depth 4), each .xgs.js an entry.
// Names that are one file on macOS or Windows (nameClashes) are checked
// before anything is listed: a skill folder holding such names is
// withheld, and sibling skills or folders so named are both left out.
func (g *githubLister) classify(ctx context.Context, dir string, items []githubItem, depth int) {
	has := map[string]githubItem{}
	for _, it := range items {
		if it.Type == "file" {
			has[it.Name] = it
		}
	}
	if _, ok := has["manifest.json"]; ok {
		g.osloopFolder(ctx, dir, items, has)
		return
	}
	for _, name := range []string{"SKILL.md", "skill.md"} {
		if _, ok := has[name]; ok {
			g.skillMDFolder(ctx, dir, name, items)
			return
		}
	}
	clashing := map[string]bool{}
	for _, c := range nameClashes(items, dir) {
		clashing[c.earlier], clashing[c.now] = true, true
		g.r.note(RemoteRules.New("remote/name-clash", dir, 0, 0,
			fmt.Sprintf("%s and %s %s; neither is listed", sanitize.Line(c.earlier), sanitize.Line(c.now), pathname.ClashMessage(c.earlier, c.now)),
			"Rename one of them in the repository."))
	}
	var entries []Entry
	for _, it := range items {
		if clashing[it.Path] {
			continue
		}
		if it.Type == "file" && strings.HasSuffix(it.Name, ".xgs.js") {
			entries = append(entries, Entry{Name: entryName(it.Name), Format: model.FormatXGS, Path: it.Path, URL: g.raw(it.Path)})
		}
	}
	g.r.list(entries...)
	for _, e := range entries {
		g.r.spawn(func() {
			g.r.fetchSkill(ctx, e, e.Path, []fileJob{{fsPath: e.Path, url: e.URL, want: expectText}})
		})
	}
	if depth >= 4 {
		return
	}
	for _, it := range items {
		if it.Type != "dir" || githubSkipped[it.Name] || clashing[it.Path] {
			continue
		}
		g.r.spawn(func() {
			sub, err := g.list(ctx, it.Path)
			if err != nil {
				g.r.note(RemoteRules.New("remote/fetch-failed", it.Path, 0, 0, "cannot list folder: "+err.Error(), "Try again later, or set GITHUB_TOKEN if GitHub is rate limiting."))
				return
			}
			g.classify(ctx, it.Path, sub, depth+1)
		})
	}
}

func (g *githubLister) osloopFolder(ctx context.Context, dir string, items []githubItem, has map[string]githubItem) {
	e := Entry{Name: path.Base(dir), Format: model.FormatOSLoop, Path: dir, URL: g.raw(dir + "/manifest.json")}
	var jobs []fileJob
	for _, f := range osloopFiles {
		if _, ok := has[f.name]; ok || !f.optional {
			jobs = append(jobs, fileJob{fsPath: dir + "/" + f.name, url: g.raw(dir + "/" + f.name), want: f.want, optional: f.optional})
		}
	}
	g.r.list(e)
	if g.withholdClash(e, items) {
		return
	}
	g.r.spawn(func() { g.r.fetchSkill(ctx, e, dir, jobs) })
}

// skillMDFolder fetches SKILL.md now and registers every other file of
// the folder (listed recursively) to be fetched when first read, unless
// two of its names are one file on macOS or Windows: then the skill is
// withheld, as pull and archive unpacking refuse it.
func (g *githubLister) skillMDFolder(ctx context.Context, dir, main string, items []githubItem) {
	e := Entry{Name: path.Base(dir), Format: model.FormatSkillMD, Path: dir, URL: g.raw(dir + "/" + main)}
	g.r.list(e)
	g.r.spawn(func() {
		var all, files []githubItem
		var walk func(items []githubItem, depth int)
		walk = func(items []githubItem, depth int) {
			for _, it := range items {
				if len(files) >= maxSkillFiles {
					return
				}
				all = append(all, it)
				switch {
				case it.Type == "file" && it.Path != dir+"/"+main:
					files = append(files, it)
				case it.Type == "dir" && depth < 4 && !githubSkipped[it.Name]:
					sub, err := g.list(ctx, it.Path)
					if err == nil {
						walk(sub, depth+1)
					}
				}
			}
		}
		walk(items, 0)
		if g.withholdClash(e, all) {
			return
		}
		for _, it := range files {
			u := g.raw(it.Path)
			g.r.fs.addLazy(ctx, it.Path, it.Size, func(ctx context.Context) ([]byte, error) {
				resp, err := g.r.f.get(ctx, u, expectAny)
				if err != nil {
					return nil, err
				}
				return resp.Body, nil
			})
		}
		g.r.fetchSkill(ctx, e, dir, []fileJob{{fsPath: dir + "/" + main, url: e.URL, want: expectText}})
	})
}

// withholdClash withholds skill e when two of the names listed in its
// folder are one file on macOS or Windows, and says so.
func (g *githubLister) withholdClash(e Entry, items []githubItem) bool {
	cs := nameClashes(items, e.Path)
	if len(cs) == 0 {
		return false
	}
	c := cs[0]
	g.r.failSkill(e, RemoteRules.New("remote/name-clash", e.Path, 0, 0,
		fmt.Sprintf("skill %s: %s and %s %s; not used", sanitize.Line(e.Name), sanitize.Line(c.earlier), sanitize.Line(c.now), pathname.ClashMessage(c.earlier, c.now)),
		"Rename one of them in the repository so each name is one file on every system."))
	return true
}

// nameClash is two listed paths that are one file on a case-insensitive
// or normalising disk.
type nameClash struct{ earlier, now string }

// nameClashes finds the listed paths (relative to dir, folders on the way
// included) that pathname.Clashes says are one file, in listing order.
func nameClashes(items []githubItem, dir string) []nameClash {
	c := pathname.NewClashes()
	var out []nameClash
	for _, it := range items {
		rel := strings.TrimPrefix(it.Path, dir+"/")
		if dir == "." {
			rel = it.Path
		}
		if earlier, now, clash := c.Add(rel); clash {
			out = append(out, nameClash{joinDir(dir, earlier), joinDir(dir, now)})
		}
	}
	return out
}

func joinDir(dir, rel string) string {
	if dir == "." {
		return rel
	}
	return dir + "/" + rel
}
