package registry

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// osloopFiles are what the OS Loop runtime fetches per skill.
var osloopFiles = []struct {
	name     string
	want     expect
	optional bool
}{
	{"manifest.json", expectJSON, false},
	{"module.ts", expectText, false},
	{"docs.md", expectText, true},
	{"config-schema.json", expectJSON, true},
}

// openIndexURL opens any https://…/NAME.json other than registry.json: a
// JSON array is an OS Loop index, an object with "skills" a discovery
// index (told apart by content, since both are called index.json).
func (r *remote) openIndexURL(ctx context.Context) error {
	u := r.spec.URL
	resp, err := r.f.get(ctx, u.String(), expectJSON)
	if err != nil {
		return err
	}
	if first := firstByte(resp.Body); first == '{' {
		return r.discoveryFromBody(ctx, u, resp.Body)
	}
	// folderPath is relative to the repository root: the folder above the
	// index's own folder (…/skills/index.json → …/).
	indexDir := path.Dir(u.Path)
	rootPath := path.Dir(indexDir)
	indexFS := path.Base(indexDir) + "/" + path.Base(u.Path)
	if indexDir == "/" || indexDir == "." {
		rootPath, indexFS = "/", path.Base(u.Path)
	}
	root := *u
	root.Path, root.RawQuery = strings.TrimSuffix(rootPath, "/")+"/", ""
	r.base.Root = root.String()
	fileURL := func(rel string) string { return resolveRef(&root, rel) }
	return r.osloopIndex(ctx, resp.Body, indexFS, path.Dir(indexFS), fileURL)
}

// osloopIndex lists the skills of an OS Loop index (already fetched) and
// fetches each one's files with fileURL(repo-relative path).
func (r *remote) osloopIndex(ctx context.Context, body []byte, indexFS, searchRoot string, fileURL func(string) string) error {
	items, _, err := jsonItems(body, "")
	if err != nil {
		return fmt.Errorf("%s:%w%s", sanitize.Line(fileURL(indexFS)), err, shapeHint(err, "an OS Loop index is a JSON array of skills"))
	}
	r.fs.add(indexFS, body)
	r.mu.Lock()
	r.indexPath = indexFS
	r.mu.Unlock()
	r.root = searchRoot
	var entries []Entry
	var jobs [][]fileJob
	seen := map[string]bool{}
	for _, it := range items {
		var ie osloopIndexEntry
		if err := json.Unmarshal(it.raw, &ie); err != nil {
			r.note(RemoteRules.New("remote/bad-entry", indexFS, it.line, it.column,
				"index entry is not an object with string fields: "+sanitize.Line(err.Error()),
				"Each entry needs name, description, version, author, folderPath and tags."))
			continue
		}
		if ie.FolderPath == "" {
			r.note(RemoteRules.New("remote/bad-entry", indexFS, it.line, it.column,
				fmt.Sprintf("index entry %q has no folderPath", sanitize.Line(ie.Name)),
				`Add "folderPath": "skills/<name>" (relative to the repository root).`))
			continue
		}
		dir, ok := cleanRelPath(ie.FolderPath)
		if !ok || dir == "." || !fsPathOK(dir) {
			r.note(RemoteRules.New("remote/path-escape", indexFS, it.line, it.column,
				fmt.Sprintf("index entry %q: folderPath %q leaves the repository; not followed", sanitize.Line(ie.Name), sanitize.Line(ie.FolderPath)),
				"Use a path inside the repository, such as skills/<name>."))
			continue
		}
		if seen[dir] {
			continue // osloop.CheckIndex reports the duplicate
		}
		seen[dir] = true
		e := Entry{Name: ie.Name, Description: ie.Description, Version: ie.Version, Format: model.FormatOSLoop, Path: dir, URL: fileURL(dir + "/manifest.json")}
		if e.Name == "" {
			e.Name = path.Base(dir)
		}
		var js []fileJob
		for _, f := range osloopFiles {
			js = append(js, fileJob{fsPath: dir + "/" + f.name, url: fileURL(dir + "/" + f.name), want: f.want, optional: f.optional})
		}
		entries = append(entries, e)
		jobs = append(jobs, js)
	}
	r.list(entries...)
	for i, e := range entries {
		r.spawn(func() { r.fetchSkill(ctx, e, indexFS, jobs[i]) })
	}
	return nil
}

// fsPathOK: a path that fs.ValidPath accepts and has no hidden escape.
func fsPathOK(p string) bool {
	return p != "" && !strings.HasPrefix(p, "/") && path.Clean(p) == p && !strings.HasPrefix(p, "../") && p != ".."
}

// resolveRef resolves a relative slash path against base, escaping each
// segment (a folder name with spaces or # must not change the URL's shape).
func resolveRef(base *url.URL, rel string) string {
	segs := strings.Split(rel, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	ref, err := url.Parse(strings.Join(segs, "/"))
	if err != nil {
		return base.String()
	}
	return base.ResolveReference(ref).String()
}

func firstByte(b []byte) byte {
	b = bytes.TrimLeft(b, " \t\r\n\ufeff")
	if len(b) == 0 {
		return 0
	}
	return b[0]
}
