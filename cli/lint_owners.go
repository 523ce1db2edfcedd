package cli

import (
	"os"
	"path/filepath"
	"strings"
)

// owners finds, for a changed file, the skill folder that owns it: the
// nearest folder above it (up to the tree read) holding a SKILL.md, an OS
// Loop manifest.json, a Claude Code plugin's .claude-plugin or an
// .xgs.js skill (whose imported helpers sit beside or below it). A file
// no skill owns and no reader reads (a repository's src/) is no reason
// to read the tree: lint --changed with only such files judges nothing.
type owners struct {
	root string
	// seen caches each folder's answer: a commit's files share folders.
	seen map[string]ownerKind
}

type ownerKind uint8

const (
	notOwner ownerKind = iota
	folderOwner
	// xgsOwner is a folder holding .xgs.js skills: they are single files,
	// so a helper beside them is theirs only by this walk.
	xgsOwner
)

func newOwners(root string) *owners {
	return &owners{root: root, seen: map[string]ownerKind{}}
}

// readerFiles are names a reader or a library rule reads wherever they
// sit: a change to one is always judged.
var readerFiles = map[string]bool{
	"SKILL.md": true, "manifest.json": true, "module.ts": true, "config-schema.json": true,
	"index.json": true, ".skillstudio.yaml": true, "plugin.json": true, "marketplace.json": true,
	"hooks.json": true, ".mcp.json": true, ".lsp.json": true,
}

// of returns the folder owning p (absolute, clean) and its kind, or
// notOwner. p need not exist: a deleted file's owner is found from the
// folders that remain.
func (o *owners) of(p string) (string, ownerKind) {
	if rel, err := filepath.Rel(o.root, p); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", notOwner
	}
	for d := filepath.Dir(p); ; d = filepath.Dir(d) {
		if k := o.kind(d); k != notOwner {
			return d, k
		}
		if d == o.root || filepath.Dir(d) == d {
			return "", notOwner
		}
	}
}

// related says whether p is a file lint --changed has reason to read the
// tree for: one a reader reads by its name, or one a skill owns.
func (o *owners) related(p string) bool {
	if readerName(p) {
		return true
	}
	_, k := o.of(p)
	return k != notOwner
}

// readerName says whether p's name is one a reader reads wherever it is.
func readerName(p string) bool {
	base := filepath.Base(p)
	return readerFiles[base] || strings.HasSuffix(base, ".xgs.js")
}

func (o *owners) kind(d string) ownerKind {
	if k, ok := o.seen[d]; ok {
		return k
	}
	k := notOwner
	// One listing answers every question; a missing folder (a deleted
	// file's) owns nothing.
	if entries, err := os.ReadDir(d); err == nil {
		for _, e := range entries {
			switch n := e.Name(); {
			case n == "SKILL.md" || n == "manifest.json" || n == ".claude-plugin":
				k = folderOwner
			case strings.HasSuffix(n, ".xgs.js") && k == notOwner:
				k = xgsOwner
			}
			if k == folderOwner {
				break
			}
		}
	}
	o.seen[d] = k
	return k
}
