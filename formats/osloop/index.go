package osloop

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// Index is a parsed skills/index.json.
type Index struct {
	Path    string // FS path of index.json
	Doc     *Doc
	Entries []IndexEntry
}

// IndexEntry is one entry of index.json with its node (for positions and
// edits) and the folder its folderPath resolves to.
type IndexEntry struct {
	Node       *Node
	Name       string
	FolderPath string
	// Folder is the FS path folderPath names; "" when it cannot be
	// resolved inside the FS.
	Folder string
	Tags   []string
}

// mirrored are the entry fields that copy a manifest field, in the order
// the spec's table lists them.
var mirrored = []string{"name", "version", "author", "supportedPlatforms", "bridgeRequirement", "workspaceSupport", "workspaceSchemaVersion", "compatibilityRequirements", "longRunningSupport", "userInputSupport", "artifactVersioningSupport", "executionMode"}

// rejectedMismatch are the mirrored fields whose disagreement the
// repository's own validator (scripts/validate.ts) fails on; it passes a
// stale version, author or bridgeRequirement (and only warns on name), and
// the real repository ships such an index, so those are warnings.
var rejectedMismatch = map[string]bool{"workspaceSchemaVersion": true, "executionMode": true}

// setLike fields compare as sets: their order carries no meaning.
var setLike = map[string]bool{"supportedPlatforms": true, "compatibilityRequirements": true}

// CheckIndex checks the OS Loop repository index at indexPath (for example
// "skills/index.json") against the skills loaded from its folder (of
// fsys: a package whose manifest was read is not looked up again). It returns
// findings that belong to no single skill; findings about one skill are
// appended to that skill's Diagnostics. A skill listed in the index takes
// the entry's tags as its Keywords (tags are registry-level metadata).
func CheckIndex(fsys fs.FS, indexPath string, skills []*model.Skill, opts model.Options) []model.Diagnostic {
	c := indexChecker{fsys: fsys, path: indexPath, skills: skills}
	c.run()
	return c.loose
}

type indexChecker struct {
	fsys   fs.FS
	path   string
	skills []*model.Skill
	idx    *Index
	loose  []model.Diagnostic
	// owner maps an entry index to the skill it describes.
	owner  map[int]*model.Skill
	indent string // one level of the index's indentation; see unit
}

func (c *indexChecker) report(s *model.Skill, d model.Diagnostic) {
	if s != nil {
		s.Diagnostics = append(s.Diagnostics, d)
		return
	}
	c.loose = append(c.loose, d)
}

func (c *indexChecker) at(s *model.Skill, off int, id, msg, hint string, fix *model.Fix) {
	line, col := c.idx.Doc.Pos(off)
	d := newDiag(id, c.path, line, col, msg, hint)
	d.Fix = fix
	c.report(s, d)
}

// ReadIndex reads and parses index.json. Problems with the file itself
// come back as diagnostics; idx is nil when there is nothing to check.
func ReadIndex(fsys fs.FS, indexPath string) (*Index, []model.Diagnostic) {
	data, exists, err := readCapped(fsys, indexPath)
	switch {
	case !exists:
		return nil, nil
	case errors.Is(err, errTooLarge):
		return nil, []model.Diagnostic{newDiag("osloop/file-too-large", indexPath, 1, 1,
			fmt.Sprintf("index.json is larger than %d MiB and was not read", MaxFileSize>>20), "An index lists skills; it should be a few kilobytes.")}
	case err != nil:
		return nil, []model.Diagnostic{newDiag("osloop/index-json", indexPath, 1, 1, "index.json cannot be read: "+err.Error(), "Check the file's permissions.")}
	}
	d, serr := ParseJSON(data)
	if serr != nil {
		line, col := d.Pos(serr.Offset)
		return nil, []model.Diagnostic{newDiag("osloop/index-json", indexPath, line, col, "index.json is not valid JSON: "+serr.Msg, JSONHint(data, serr))}
	}
	var ds []model.Diagnostic
	for _, dup := range d.Duplicates {
		fl, _ := d.Pos(dup.First)
		line, col := d.Pos(dup.Second)
		ds = append(ds, newDiag("osloop/duplicate-key", indexPath, line, col, fmt.Sprintf("key %q is repeated (first on line %d); JSON.parse keeps this later value", dup.Key, fl),
			"Keep one of the two: parsers disagree on which one wins."))
	}
	if d.Root.Kind != KindArray {
		line, col := d.Pos(d.Root.Start)
		return nil, append(ds, newDiag("osloop/index-json", indexPath, line, col, fmt.Sprintf("index.json holds %s; want an array of skill entries", article(d.Root.Kind)),
			"Make the file a JSON array: [ { \"name\": …, \"folderPath\": … }, … ]."))
	}
	idx := &Index{Path: indexPath, Doc: d, Entries: make([]IndexEntry, 0, len(d.Root.Items))}
	indexDir := path.Dir(indexPath)
	repoDir := path.Dir(indexDir)
	for _, n := range d.Root.Items {
		e := IndexEntry{Node: n}
		if n.Kind == KindObject {
			e.Name = strOf(n.Get("name"))
			e.FolderPath = strOf(n.Get("folderPath"))
			e.Tags = strsOf(n.Get("tags"))
			e.Folder = resolveFolder(indexDir, repoDir, e.FolderPath)
		}
		idx.Entries = append(idx.Entries, e)
	}
	return idx, ds
}

// resolveFolder turns a folderPath (relative to the repository root
// repoDir, the folder above the index's folder indexDir) into an FS path,
// or "" when it would leave the FS. When the index sits at the FS root the
// repository root is above the FS, so folderPath's first element (the
// skills directory) is dropped.
func resolveFolder(indexDir, repoDir, folderPath string) string {
	fp := strings.TrimSuffix(strings.TrimPrefix(folderPath, "./"), "/")
	if fp == "" || strings.HasPrefix(fp, "/") || strings.Contains(fp, "\\") || !fs.ValidPath(fp) {
		return ""
	}
	if indexDir == "." {
		i := strings.IndexByte(fp, '/')
		if i < 0 {
			return ""
		}
		return fp[i+1:]
	}
	// path.Join(repoDir, fp) without a copy to clean: both are clean
	// already (fp is a valid path, repoDir comes from path.Dir).
	p := fp
	if repoDir != "." {
		p = repoDir + "/" + fp
	}
	if !fs.ValidPath(p) {
		return ""
	}
	return p
}

func (c *indexChecker) run() {
	idx, ds := ReadIndex(c.fsys, c.path)
	c.loose = append(c.loose, ds...)
	if idx == nil {
		return
	}
	c.idx = idx
	c.owner = map[int]*model.Skill{}
	byDir := map[string]*model.Skill{}
	byName := map[string]*model.Skill{}
	for _, s := range c.skills {
		byDir[s.Location.Dir] = s
		if _, dup := byName[s.Name]; !dup {
			byName[s.Name] = s
		}
	}
	listed := map[*model.Skill]bool{}
	seenName := map[string]int{}
	seenFolder := map[string]int{}
	for i, e := range idx.Entries {
		s := byDir[e.Folder]
		if s == nil && e.Folder == "" {
			s = byName[e.Name]
		}
		if s != nil {
			c.owner[i] = s
			listed[s] = true
			if len(e.Tags) > 0 {
				s.Keywords = e.Tags
				own := make([]*string, len(s.Keywords))
				for i := range s.Keywords {
					own[i] = &s.Keywords[i]
				}
				ownStrings(own...) // not pinning index.json's text
			}
		}
		for _, d := range checkShapeAt(idx.Doc, c.path, e.Node, indexEntryShape, i, e.Name, indexRules, nil) {
			c.report(s, d)
		}
		if e.Node.Kind != KindObject {
			continue
		}
		if e.Name != "" {
			if first, dup := seenName[e.Name]; dup {
				c.at(s, valueAt(e.Node, "name"), "osloop/index-duplicate", fmt.Sprintf("%q is listed twice (entries %d and %d)", e.Name, first, i),
					"Remove one of the two entries.", nil)
			} else {
				seenName[e.Name] = i
			}
		}
		if e.Folder != "" {
			if first, dup := seenFolder[e.Folder]; dup && idx.Entries[first].Name != e.Name {
				c.at(s, valueAt(e.Node, "folderPath"), "osloop/index-duplicate", fmt.Sprintf("folderPath %q is also used by entry %d", e.FolderPath, first),
					"Point each entry at its own skill folder.", nil)
			} else if !dup {
				seenFolder[e.Folder] = i
			}
		}
		c.checkFolder(s, e)
		if s != nil {
			if pkg, ok := s.Doc.(*Package); ok && pkg.Manifest != nil {
				c.checkMirrored(s, e, pkg)
			}
		}
	}
	for _, s := range c.skills {
		if listed[s] {
			continue
		}
		if pkg, ok := s.Doc.(*Package); ok && pkg.Manifest != nil {
			line, col := idx.Doc.Pos(idx.Doc.Root.Start)
			d := newDiag("osloop/index-missing", c.path, line, col, fmt.Sprintf("%s is not listed in %s", s.Location.Dir, path.Base(c.path)),
				"Add an entry for it (lint --fix can): the runtime only loads skills the index lists.")
			d.Fix = c.addEntryFix(s, pkg)
			s.Diagnostics = append(s.Diagnostics, d)
		}
	}
}

func (c *indexChecker) checkFolder(s *model.Skill, e IndexEntry) {
	if e.FolderPath == "" {
		return
	}
	off := valueAt(e.Node, "folderPath")
	if e.Folder == "" {
		c.at(s, off, "osloop/index-folder", fmt.Sprintf("folderPath %q does not name a folder inside the repository", e.FolderPath),
			"Write the path from the repository root, e.g. \"skills/"+orSlug(e.Name)+"\" (no leading /, no ..).", nil)
		return
	}
	if !manifestRead(s, e.Folder) && !isManifestFile(c.fsys, e.Folder) {
		msg := fmt.Sprintf("folderPath %q has no manifest.json", e.FolderPath)
		if info, err := fs.Stat(c.fsys, e.Folder); err != nil || !info.IsDir() {
			msg = fmt.Sprintf("folderPath %q does not exist", e.FolderPath)
		}
		c.at(s, off, "osloop/index-folder", msg, "Fix the path or remove the entry; the runtime fetches {folderPath}/manifest.json.", nil)
		return
	}
	if path.Dir(e.Folder) != path.Dir(c.path) || (e.Name != "" && path.Base(e.Folder) != e.Name) {
		c.at(s, off, "osloop/index-folder", fmt.Sprintf("folderPath %q is not {skillsDirectory}/%s", e.FolderPath, orSlug(e.Name)),
			"Keep each skill in the index's folder, in a folder named after the skill: the runtime fetches {skillsDirectory}/{slug}/.", nil)
	}
}

// manifestRead: s is the package in folder and its manifest.json was read
// (from the FS the index is checked in, as CheckIndex's skills are), so
// the file is there without asking the FS again.
func manifestRead(s *model.Skill, folder string) bool {
	if s == nil || s.Location.Dir != folder {
		return false
	}
	pkg, ok := s.Doc.(*Package)
	return ok && pkg.ManifestDoc != nil
}

func isManifestFile(fsys fs.FS, folder string) bool {
	info, err := fs.Stat(fsys, path.Join(folder, "manifest.json"))
	return err == nil && !info.IsDir()
}

func orSlug(name string) string {
	if name == "" {
		return "SLUG"
	}
	return name
}

// manifestValue is the manifest's value for a mirrored field as JSON
// text, and whether the manifest has it at all.
func manifestValue(pkg *Package, field string) (*Node, bool) {
	n := pkg.ManifestDoc.Root.Get(field)
	return n, n != nil
}

func (c *indexChecker) checkMirrored(s *model.Skill, e IndexEntry, pkg *Package) {
	for _, field := range mirrored {
		iv := e.Node.Get(field)
		mv, ok := manifestValue(pkg, field)
		if iv == nil || !ok {
			continue
		}
		if sameJSON(iv, mv, setLike[field]) {
			continue
		}
		text := c.renderAt(e.Node, iv, pkg.ManifestDoc, mv)
		fix := &model.Fix{Description: fmt.Sprintf("copy %s from manifest.json into the index", field),
			Edits: []model.TextEdit{{File: c.path, Start: iv.Start, End: iv.End, NewText: text}}}
		line, col := c.idx.Doc.Pos(iv.Start)
		d := newDiag("osloop/index-mismatch", c.path, line, col, fmt.Sprintf("index %s is %s but manifest.json has %s", field, short(c.idx.Doc, iv), short(pkg.ManifestDoc, mv)),
			"Make the index entry agree with manifest.json (lint --fix copies the manifest's value).")
		d.Fix = fix
		if rejectedMismatch[field] {
			d.Severity = model.SeverityError
		}
		c.report(s, d)
	}
	m := pkg.Manifest
	// The spec asks for these in both files.
	for _, field := range []string{"supportedPlatforms", "bridgeRequirement"} {
		if e.Node.Get(field) == nil {
			if mv, ok := manifestValue(pkg, field); ok {
				c.missingField(s, e, pkg, field, mv, fmt.Sprintf("index entry %q lacks %s, which manifest.json sets (optional in the index; the spec's best practices ask for it in both files)", e.Name, field), model.SeverityInfo)
			}
		}
	}
	if slices.Contains(m.CompatibilityRequirements, "system_tools") && e.Node.Get("compatibilityRequirements") == nil {
		mv, _ := manifestValue(pkg, "compatibilityRequirements")
		c.missingField(s, e, pkg, "compatibilityRequirements", mv, fmt.Sprintf("index entry %q lacks compatibilityRequirements with \"system_tools\" (required in both files for bridge commands)", e.Name), model.SeverityWarning)
	}
	// The repository's validator (scripts/validate.ts, `npm run validate`)
	// rejects an entry that declares workspace support without a schema
	// version, so this is an index-entry error, not a missing mirror.
	if ws := strOf(e.Node.Get("workspaceSupport")); (ws == "optional" || ws == "required") && e.Node.Get("workspaceSchemaVersion") == nil {
		line, col := c.idx.Doc.Pos(e.Node.Start)
		d := newDiag("osloop/index-entry", c.path, line, col,
			fmt.Sprintf("index entry %q has workspaceSupport %q but no workspaceSchemaVersion; the skills repository's validator rejects the entry", e.Name, ws),
			"Add \"workspaceSchemaVersion\" to the entry, as in manifest.json.")
		if mv, ok := manifestValue(pkg, "workspaceSchemaVersion"); ok && mv.Kind == KindString {
			d.Fix = c.insertMemberFix(e.Node, "workspaceSchemaVersion", pkg.ManifestDoc, mv)
		}
		c.report(s, d)
	}
	// Description: the index may shorten the manifest's, not replace it.
	if iv := e.Node.Get("description"); iv != nil && iv.Kind == KindString && m.Description != "" && !isShortening(iv.Str, m.Description) {
		mv, _ := manifestValue(pkg, "description")
		fix := &model.Fix{Description: "copy description from manifest.json into the index",
			Edits: []model.TextEdit{{File: c.path, Start: iv.Start, End: iv.End, NewText: c.renderAt(e.Node, iv, pkg.ManifestDoc, mv)}}}
		c.at(s, iv.Start, "osloop/index-description", fmt.Sprintf("index description of %q differs from manifest.json's", e.Name),
			"Use the manifest's description, or its first sentence.", fix)
	}
}

// missingField reports a field the manifest sets and the index entry
// leaves out. The spec's index table marks every mirrored field optional
// and its own step-5 template omits them, so leaving one out is advice
// (info); only system_tools, which the spec says bridge skills "must"
// list in both files, is a warning.
func (c *indexChecker) missingField(s *model.Skill, e IndexEntry, pkg *Package, field string, mv *Node, msg string, sev model.Severity) {
	line, col := c.idx.Doc.Pos(e.Node.Start)
	d := newDiag("osloop/index-mirror-missing", c.path, line, col, msg, fmt.Sprintf("Add \"%s\" to the entry, as in manifest.json.", field))
	d.Fix = c.insertMemberFix(e.Node, field, pkg.ManifestDoc, mv)
	d.Severity = sev
	c.report(s, d)
}

// isShortening: the index text is the manifest's, or a prefix of it
// ending at a word boundary (trailing punctuation ignored).
func isShortening(index, manifest string) bool {
	i := strings.TrimRight(strings.TrimSpace(index), ".…")
	m := strings.TrimSpace(manifest)
	if i == strings.TrimRight(m, ".") {
		return true
	}
	if i == "" || !strings.HasPrefix(m, i) {
		return false
	}
	rest := m[len(i):]
	return rest == "" || strings.IndexAny(rest[:1], " .,;:!?)") == 0
}

// sameJSON compares two values; asSet ignores the order of array items.
func sameJSON(a, b *Node, asSet bool) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case KindString:
		return a.Str == b.Str
	case KindBool:
		return a.Bool == b.Bool
	case KindNull:
		return true
	case KindNumber:
		return numOf(a) == numOf(b)
	case KindArray:
		if len(a.Items) != len(b.Items) {
			return false
		}
		if asSet {
			for _, x := range a.Items {
				found := false
				for _, y := range b.Items {
					if sameJSON(x, y, false) {
						found = true
						break
					}
				}
				if !found {
					return false
				}
			}
			return true
		}
		for i := range a.Items {
			if !sameJSON(a.Items[i], b.Items[i], false) {
				return false
			}
		}
		return true
	case KindObject:
		if len(a.Members) != len(b.Members) {
			return false
		}
		for _, m := range a.Members {
			v := b.Get(m.Key)
			if v == nil || !sameJSON(m.Value, v, false) {
				return false
			}
		}
		return true
	}
	return false
}

// short is a value's JSON text for messages, cut to a readable length.
func short(d *Doc, n *Node) string {
	b := rawOf(d, n)
	s := string(b)
	if len(s) > 60 {
		s = s[:57] + "…"
	}
	return s
}
