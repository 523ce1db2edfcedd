package registry

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"net/url"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// Well-known discovery paths, newest first.
const (
	wellKnownV2      = ".well-known/agent-skills/index.json"
	wellKnownV1      = ".well-known/skills/index.json"
	wellKnownDefault = ".well-known/skills/default/skill.md"
)

// openWellKnown probes a site for published skills: the 0.2.0 discovery
// index, the legacy 0.1.0 one, then a single default skill.md. A site
// URL with a path (a GitHub Pages project site, say) is probed under that
// path first, then at the origin. A 404, or an HTML page where JSON was
// expected (many sites answer every path with their front page), means
// "not here"; any other failure stops the probe with its error.
func (r *remote) openWellKnown(ctx context.Context) error {
	u := *r.spec.URL
	u.RawQuery, u.Fragment = "", ""
	var bases []url.URL
	if p := strings.TrimSuffix(u.Path, "/"); p != "" {
		b := u
		b.Path = p + "/"
		bases = append(bases, b)
	}
	origin := u
	origin.Path = "/"
	bases = append(bases, origin)

	var tried []string
	for _, b := range bases {
		for _, probe := range []string{wellKnownV2, wellKnownV1, wellKnownDefault} {
			target := resolveRef(&b, probe)
			tried = append(tried, target)
			want := expectJSON
			if probe == wellKnownDefault {
				want = expectText
			}
			resp, err := r.f.get(ctx, target, want)
			var fe *FetchError
			if errors.Is(err, ErrNotFound) || (errors.As(err, &fe) && strings.Contains(fe.Msg, "HTML page")) {
				continue
			}
			if err != nil {
				return err
			}
			t, _ := url.Parse(target)
			if probe == wellKnownDefault {
				return r.rawSkillMD(t, resp.Body)
			}
			return r.discoveryFromBody(ctx, t, resp.Body)
		}
	}
	return fmt.Errorf("%s publishes no skills: tried %s (all missing)", sanitize.Line(r.spec.Raw), sanitize.Line(strings.Join(tried, ", ")))
}

// discoveryFromBody reads a discovery index fetched from indexURL.
// Entries with "files" are the legacy 0.1.0 shape wherever the index was
// found; others are 0.2.0 (type, url, digest).
func (r *remote) discoveryFromBody(ctx context.Context, indexURL *url.URL, body []byte) error {
	items, top, err := jsonItems(body, "skills")
	if err != nil {
		return fmt.Errorf("%s:%w%s", sanitize.Line(indexURL.String()), err, shapeHint(err, `a discovery index is an object with a "skills" array`))
	}
	r.noteDuplicateKeys("index.json", body)
	root := *indexURL
	root.Path, root.RawQuery = path.Dir(indexURL.Path)+"/", ""
	if root.Path == "//" {
		root.Path = "/"
	}
	r.base.Root = root.String()
	r.fs.add("index.json", body)
	r.mu.Lock()
	r.indexPath = "index.json"
	r.mu.Unlock()
	if v, ok := top["version"]; ok {
		var ver string
		if json.Unmarshal(v, &ver) == nil && ver != "" && !strings.HasPrefix(ver, "0.") {
			return fmt.Errorf("%s: discovery index version %s is newer than this skillstudio understands (0.1.0, 0.2.0)", sanitize.Line(indexURL.String()), sanitize.Line(ver))
		}
	}
	var entries []Entry
	var jobs []func()
	legacyUnverified := 0
	seen := map[string]bool{}
	for _, it := range items {
		var de discoveryEntry
		if err := json.Unmarshal(it.raw, &de); err != nil {
			r.note(RemoteRules.New("remote/bad-entry", "index.json", it.line, it.column,
				"skill entry has a field of the wrong type: "+sanitize.Line(err.Error()),
				"Each entry needs string name, type, description, url and digest fields."))
			continue
		}
		bad := func(msg, hint string) {
			r.note(RemoteRules.New("remote/bad-entry", "index.json", it.line, it.column, msg, hint))
		}
		if !safeSegment(de.Name) {
			bad(fmt.Sprintf("skill entry name %q is not a valid skill name", sanitize.Line(de.Name)),
				"Use lowercase letters, digits and hyphens, as the Agent Skills spec requires.")
			continue
		}
		if seen[de.Name] {
			bad(fmt.Sprintf("skill %q is listed twice; the first entry is used", de.Name), "Remove the duplicate entry.")
			continue
		}
		seen[de.Name] = true
		e := Entry{Name: de.Name, Description: de.Description, Format: model.FormatSkillMD, Path: de.Name}
		if de.Files != nil || (de.URL == "" && de.Type == "") {
			job, unverified, ok := r.legacyEntry(ctx, &root, de, &e, it)
			if !ok {
				continue
			}
			if unverified {
				legacyUnverified++
			}
			entries, jobs = append(entries, e), append(jobs, job)
			continue
		}
		if de.Type != "skill-md" && de.Type != "archive" {
			bad(fmt.Sprintf("skill %s: type %q is not skill-md or archive", de.Name, sanitize.Line(de.Type)), `Set "type" to "skill-md" or "archive".`)
			continue
		}
		target, ok := r.sameOrigin(indexURL, de.URL)
		if !ok {
			r.note(RemoteRules.New("remote/path-escape", "index.json", it.line, it.column,
				fmt.Sprintf("skill %s: url %q is not on %s; not followed", de.Name, sanitize.Line(de.URL), sanitize.Line(indexURL.Host)),
				"Publish the artifact on the same site as the index, at a relative URL."))
			continue
		}
		e.URL = target
		switch {
		case digestPattern.MatchString(de.Digest):
			e.Digest = de.Digest
		case de.Digest == "":
			r.note(RemoteRules.New("remote/unverified", "index.json", it.line, it.column,
				fmt.Sprintf("skill %s has no digest; its content cannot be verified", de.Name),
				`Add "digest": "sha256:<hex of the artifact>" to the entry.`))
		default:
			bad(fmt.Sprintf("skill %s: digest %q is not sha256:<64 lowercase hex digits>; the skill is shown unverified", de.Name, sanitize.Line(de.Digest)),
				"Write the digest as sha256: followed by the lowercase hex SHA-256 of the artifact.")
		}
		if de.Type == "archive" {
			entries = append(entries, e)
			jobs = append(jobs, func() { r.fetchArchive(ctx, e) })
			continue
		}
		entries = append(entries, e)
		jobs = append(jobs, func() {
			r.fetchSkill(ctx, e, "index.json", []fileJob{{fsPath: e.Name + "/SKILL.md", url: e.URL, want: expectText, digest: e.Digest}})
		})
	}
	if legacyUnverified > 0 {
		r.note(RemoteRules.New("remote/unverified", "index.json", 1, 1,
			fmt.Sprintf("legacy discovery index (0.1.0): %s without digests, so content cannot be verified", plural(legacyUnverified, "skill")),
			"Publish a 0.2.0 index at /.well-known/agent-skills/index.json with a digest per skill."))
	}
	r.list(entries...)
	for _, job := range jobs {
		r.spawn(job)
	}
	return nil
}

// legacyEntry plans a 0.1.0 entry: SKILL.md now, the other listed files
// when first read. Per-file digests (a draft of 0.2.0 had them) are
// checked when present.
func (r *remote) legacyEntry(ctx context.Context, root *url.URL, de discoveryEntry, e *Entry, it jsonItem) (job func(), unverified, ok bool) {
	dir, _ := url.Parse(url.PathEscape(de.Name) + "/")
	skillBase := root.ResolveReference(dir)
	mainDigest, hasMain := "", false
	var lazy []discoveryFileV1
	for _, f := range de.Files {
		p, ok := cleanRelPath(f.Path)
		if !ok || p == "." {
			why := pathname.RelProblem(f.Path)
			if why == "" {
				why = "leaves the skill folder"
			}
			r.note(RemoteRules.New("remote/path-escape", "index.json", it.line, it.column,
				fmt.Sprintf("skill %s: file %q %s; not followed", sanitize.Line(de.Name), sanitize.Line(f.Path), why),
				"List files by their path inside the skill folder, without .. or a leading /."))
			continue
		}
		if strings.EqualFold(p, "SKILL.md") {
			hasMain, mainDigest = true, f.Digest
			continue
		}
		lazy = append(lazy, discoveryFileV1{Path: p, Digest: f.Digest})
	}
	lazy = r.keepDistinctFiles(de.Name, lazy, it)
	if !hasMain && len(de.Files) > 0 {
		r.note(RemoteRules.New("remote/bad-entry", "index.json", it.line, it.column,
			fmt.Sprintf("skill %s: files does not list SKILL.md", de.Name), `Add "SKILL.md" to the skill's files.`))
		return nil, false, false
	}
	e.URL = resolveRef(skillBase, "SKILL.md")
	if !digestPattern.MatchString(mainDigest) {
		mainDigest = ""
	}
	unverified = mainDigest == ""
	job = func() {
		for _, f := range lazy {
			u, want := resolveRef(skillBase, f.Path), f.Digest
			r.fs.addLazy(ctx, de.Name+"/"+f.Path, 0, func(ctx context.Context) ([]byte, error) {
				resp, err := r.f.get(ctx, u, expectAny)
				if err != nil {
					return nil, err
				}
				if digestPattern.MatchString(want) && sha256Digest(resp.Body) != want {
					return nil, fmt.Errorf("content does not match the index's digest %s; not used", want)
				}
				return resp.Body, nil
			})
		}
		r.fetchSkill(ctx, *e, "index.json", []fileJob{{fsPath: de.Name + "/SKILL.md", url: e.URL, want: expectText, digest: mainDigest}})
	}
	return job, unverified, true
}

// keepDistinctFiles leaves out, each with a note, a listed file named
// twice (the first entry is used), one whose name is one file with an
// earlier one on a case-insensitive or normalising disk, and one that is
// also a folder of another listed file: the file system would keep one
// of them in silence.
func (r *remote) keepDistinctFiles(skill string, files []discoveryFileV1, it jsonItem) []discoveryFileV1 {
	note := func(msg string) {
		r.note(RemoteRules.New("remote/bad-entry", "index.json", it.line, it.column,
			fmt.Sprintf("skill %s: %s; not followed", sanitize.Line(skill), msg),
			"List each file once, by one spelling, and no file where another file's folder is."))
	}
	clashes := pathname.NewClashes()
	clashes.Add("SKILL.md")
	seen := map[string]bool{}
	folders := map[string]bool{}
	var kept []discoveryFileV1
	for _, f := range files {
		if seen[f.Path] {
			note(fmt.Sprintf("file %q is listed twice; the first entry is used", sanitize.Line(f.Path)))
			continue
		}
		if earlier, now, clash := clashes.Add(f.Path); clash {
			note(fmt.Sprintf("file %q and %q %s", sanitize.Line(now), sanitize.Line(earlier), pathname.ClashMessage(now, earlier)))
			continue
		}
		seen[f.Path] = true
		kept = append(kept, f)
		for d := path.Dir(f.Path); d != "."; d = path.Dir(d) {
			folders[d] = true
		}
	}
	out := kept[:0]
	for _, f := range kept {
		if folders[f.Path] {
			note(fmt.Sprintf("file %q is both a file and a folder", sanitize.Line(f.Path)))
			continue
		}
		out = append(out, f)
	}
	return out
}

// sameOrigin resolves ref against the index URL and accepts it only on
// the index's own scheme, host and port: an index may not send the
// client to other hosts (an internal address, say).
func (r *remote) sameOrigin(index *url.URL, ref string) (string, bool) {
	if ref == "" || !printable(ref) || strings.Contains(ref, `\`) {
		return "", false
	}
	u, err := url.Parse(ref)
	if err != nil || u.User != nil {
		return "", false
	}
	t := index.ResolveReference(u)
	if t.Scheme != index.Scheme || !strings.EqualFold(t.Host, index.Host) {
		return "", false
	}
	t.Fragment = ""
	return t.String(), true
}

// rawSkillMD places one fetched SKILL.md in the tree under its URL's
// folder name, from the folder above (so name and folder can agree).
func (r *remote) rawSkillMD(u *url.URL, body []byte) error {
	dir := path.Base(path.Dir(u.Path))
	if !safeSegment(dir) {
		dir = "skill"
	}
	root := *u
	root.Path, root.RawQuery = path.Dir(path.Dir(u.Path))+"/", ""
	if root.Path == "//" {
		root.Path = "/"
	}
	r.base.Root = root.String()
	if msg := checkContent(expectText, "", body); msg != "" {
		return fmt.Errorf("%s: %s", sanitize.Line(u.String()), msg)
	}
	name := path.Base(u.Path)
	e := Entry{Name: dir, Format: model.FormatSkillMD, Path: dir, URL: u.String()}
	r.fs.add(dir+"/"+name, body)
	r.list(e)
	r.skillReady(e)
	return nil
}
