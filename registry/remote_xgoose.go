package registry

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// openXgoose opens an xgoose registry.json (what `skillstudio build`
// writes): a list of built skills, as a top-level array or under
// "skills". Each skill's source is fetched from next to the registry,
// as its "file" or NAME.xgs.js.
func (r *remote) openXgoose(ctx context.Context) error {
	u := r.spec.URL
	resp, err := r.f.get(ctx, u.String(), expectJSON)
	if err != nil {
		return err
	}
	key := "skills"
	if firstByte(resp.Body) == '[' {
		key = ""
	}
	items, _, err := jsonItems(resp.Body, key)
	if err != nil {
		return fmt.Errorf("%s:%w%s", sanitize.Line(u.String()), err, shapeHint(err, "registry.json lists built skills under \"skills\""))
	}
	r.noteDuplicateKeys("registry.json", resp.Body)
	root := *u
	root.Path, root.RawQuery = path.Dir(u.Path)+"/", ""
	if root.Path == "//" {
		root.Path = "/"
	}
	r.base.Root = root.String()
	r.fs.add("registry.json", resp.Body)
	r.mu.Lock()
	r.indexPath = "registry.json"
	r.mu.Unlock()

	var entries []Entry
	seen := map[string]bool{}
	for _, it := range items {
		var xe xgooseEntry
		if err := json.Unmarshal(it.raw, &xe); err != nil || !safeSegment(xe.Name) {
			msg := fmt.Sprintf("registry entry name %q is not a valid skill name", sanitize.Line(xe.Name))
			if err != nil {
				msg = "registry entry has a field of the wrong type: " + sanitize.Line(err.Error())
			}
			r.note(RemoteRules.New("remote/bad-entry", "registry.json", it.line, it.column, msg,
				"Each entry needs a name made of letters, digits, dots, hyphens and underscores."))
			continue
		}
		file := xe.Name + ".xgs.js"
		if given := cmp.Or(xe.Source, xe.File); given != "" {
			p, ok := cleanRelPath(given)
			if !ok || p == "." || !strings.HasSuffix(p, ".xgs.js") {
				r.note(RemoteRules.New("remote/path-escape", "registry.json", it.line, it.column,
					fmt.Sprintf("skill %s: file %q is not a .xgs.js inside the registry's folder; not followed", xe.Name, sanitize.Line(given)),
					"Give file as a relative path to a .xgs.js next to registry.json."))
				continue
			}
			file = p
		}
		if seen[file] {
			continue
		}
		seen[file] = true
		entries = append(entries, Entry{Name: xe.Name, Description: xe.Description, Version: xe.Version, Format: model.FormatXGS, Path: file, URL: resolveRef(&root, file)})
	}
	r.list(entries...)
	for _, e := range entries {
		r.spawn(func() {
			resp, err := r.f.get(ctx, e.URL, expectText)
			if err != nil {
				id, hint := "remote/fetch-failed", "Try again later."
				if isNotFound(err) {
					id, hint = "remote/missing-file", "Publish the skill's .xgs.js next to registry.json so it can be read and linted."
				}
				r.failSkill(e, RemoteRules.New(id, "registry.json", 0, 0,
					fmt.Sprintf("skill %s: %s", sanitize.Line(e.Name), err.Error()), hint))
				return
			}
			r.fs.add(e.Path, resp.Body)
			r.skillReady(e)
		})
	}
	return nil
}

// openRawFile opens one https://…/NAME.xgs.js or …/SKILL.md.
func (r *remote) openRawFile(ctx context.Context) error {
	u := r.spec.URL
	resp, err := r.f.get(ctx, u.String(), expectText)
	if err != nil {
		return err
	}
	if r.spec.Kind == SpecRawSkillMD {
		return r.rawSkillMD(u, resp.Body)
	}
	root := *u
	root.Path, root.RawQuery = path.Dir(u.Path)+"/", ""
	if root.Path == "//" {
		root.Path = "/"
	}
	r.base.Root = root.String()
	name := path.Base(u.Path)
	if !safeSegment(name) {
		return fmt.Errorf("%s: %q is not a usable file name", sanitize.Line(u.String()), sanitize.Line(name))
	}
	e := Entry{Name: entryName(name), Format: model.FormatXGS, Path: name, URL: u.String()}
	r.fs.add(name, resp.Body)
	r.list(e)
	r.skillReady(e)
	return nil
}

func isNotFound(err error) bool {
	fe, ok := err.(*FetchError)
	return ok && fe.kind == ErrNotFound
}
