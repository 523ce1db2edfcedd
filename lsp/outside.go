package lsp

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
)

// maxSkillDepth is how many folders above a file opened outside the
// workspace are looked at for the skill it belongs to (a reference in
// references/deep/x.md is three down).
const maxSkillDepth = 4

// outsideUnit is what lint reads for an open file outside the workspace,
// as `skillstudio lint FILE` would: its skill, read from the folder above
// the skill folder (so it keeps its name), or an .xgs.js file alone.
type outsideUnit struct {
	base string // absolute folder the FS is opened on
	root string // slash path under base to search: the skill folder or file
}

// unitOf finds the skill a file outside the workspace belongs to: an
// .xgs.js file is one by itself; any other file belongs to the nearest
// folder above it (up to maxSkillDepth) that is a SKILL.md or OS Loop
// skill, on disk or in an open buffer. ok is false for a file in no skill.
func unitOf(p string, buffers map[string]string) (outsideUnit, bool) {
	if strings.HasSuffix(filepath.Base(p), ".xgs.js") {
		return outsideUnit{base: filepath.Dir(p), root: filepath.Base(p)}, true
	}
	dir := filepath.Dir(p)
	for range maxSkillDepth {
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		name := filepath.Base(dir)
		fsys := unitFS(outsideUnit{base: parent, root: name}, buffers)
		if c, ok := formats.Detect(fsys, name); ok && c.Format != model.FormatXGS {
			return outsideUnit{base: parent, root: name}, true
		}
		dir = parent
	}
	return outsideUnit{}, false
}

// unitFS is the unit's files as the editor has them: on disk through
// safefs, confined to the skill as the CLI confines it, with the open
// buffers beneath it in place of their files.
func unitFS(u outsideUnit, buffers map[string]string) *overlay {
	o := newOverlay(safefs.Confined(u.base, u.root))
	for p, text := range buffers {
		if rel, ok := pathname.Rel(u.base, p); ok {
			o.set(filepath.ToSlash(rel), []byte(text))
		}
	}
	return o
}

// lintOutside lints, each on its own, the skills of the open files that
// lie outside every workspace folder, and adds their findings to r.
func (s *Server) lintOutside(ctx context.Context, r *result, docs []*document, settings model.Options, cfg *model.RuleConfig) {
	seen := map[outsideUnit]bool{}
	for _, d := range docs {
		if d.folder != nil || d.path == "" {
			continue
		}
		u, ok := unitOf(d.path, r.texts)
		if !ok || seen[u] {
			continue
		}
		seen[u] = true
		loc := model.Location{Source: u.base, Root: u.base, Local: true, FS: unitFS(u, r.texts)}
		r.add(formats.LoadAll(ctx, loc, u.root, settings, cfg), u.base, nil)
	}
}
