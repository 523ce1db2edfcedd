package review

import (
	"fmt"
	"path"

	"github.com/skillstudio/skillstudio/formats/osloop"
)

// A key written twice in one JSON object is read by Claude Code (a
// plugin's plugin.json, marketplace.json, hooks and server files) and by
// the OS Loop runtime (skills/index.json) with JSON.parse, which keeps
// the later value without a word; a reviewer reading the file top-down
// meets the earlier one first ("source": "./plugins/notes" then, further
// on, "source": "./plugins/other"). Both load the file, so this is a
// warning (review/duplicate-key) naming the line of the value used.

const dupKeyHint = "Keep one of the two: the file's reader and its runtime may be looking at different values."

// reportDuplicateKeys reports the keys written twice in the JSON text of
// fsPath (whose runtime is who) whose later value is at an offset within
// accepts (all when nil).
func (r *reviewer) reportDuplicateKeys(fsPath, text, who string, within func(off int) bool) {
	doc, err := osloop.ParseJSON([]byte(text))
	if err != nil || doc == nil {
		return
	}
	n := 0
	for _, dup := range doc.Duplicates {
		if within != nil && !within(dup.Second) {
			continue
		}
		if n++; n > maxPerRule {
			return
		}
		first, _ := doc.Pos(dup.First)
		line, col := doc.Pos(dup.Second)
		r.reportAt(fsPath, line, col, "review/duplicate-key", fmt.Sprintf("key %q is written twice in one object (first on line %d): %s reads the file with JSON.parse, which keeps this later value, not the one a reader meets first", dup.Key, first, who), dupKeyHint)
	}
}

// reportMarketplaceDuplicates reports the keys written twice in the
// marketplace.json files above root (up to maxMarketUp folders) that
// concern the plugin at root: inside an entry listing it, or outside
// every entry (a second "plugins" list replaces the first).
func (r *reviewer) reportMarketplaceDuplicates(root string) {
	root = path.Clean(root)
	for dir, up := root, 0; up <= maxMarketUp; up++ {
		market := path.Join(dir, ".claude-plugin", "marketplace.json")
		if text, ok := readText(r.fsys, market, &r.budget); ok {
			obj := jsonObject(text)
			var mine, all [][2]int
			for _, e := range marketplaceEntries(text) {
				span := [2]int{e.node.Start, e.node.End}
				all = append(all, span)
				if path.Join(dir, e.src) == root {
					mine = append(mine, span)
				}
			}
			if plugins := obj.Get("plugins"); plugins != nil {
				for _, it := range plugins.Items {
					all = append(all, [2]int{it.Start, it.End})
				}
			}
			in := func(spans [][2]int, off int) bool {
				for _, s := range spans {
					if off >= s[0] && off < s[1] {
						return true
					}
				}
				return false
			}
			r.reportDuplicateKeys(market, text, "Claude Code", func(off int) bool { return in(mine, off) || !in(all, off) })
		}
		if dir == "." || dir == "/" {
			break
		}
		dir = path.Dir(dir)
	}
}

// reportIndexDuplicates reports the keys written twice in the entry of
// the OS Loop index (skills/index.json beside the skill's folder) that
// lists this skill.
func (r *reviewer) reportIndexDuplicates() {
	dir := path.Clean(r.skill.Location.Dir)
	if dir == "." || dir == "" {
		return
	}
	indexPath := path.Join(path.Dir(dir), "index.json")
	text, ok := readText(r.fsys, indexPath, &r.budget)
	if !ok {
		return
	}
	idx, _ := osloop.ReadIndex(r.fsys, indexPath)
	if idx == nil {
		return
	}
	for _, e := range idx.Entries {
		if e.Folder == dir && e.Node != nil {
			start, end := e.Node.Start, e.Node.End
			r.reportDuplicateKeys(indexPath, text, "the OS Loop runtime", func(off int) bool { return off >= start && off < end })
		}
	}
}
