package review

import (
	"bytes"
	"fmt"
	"io"
	"path"
	"sync"

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

// hasDuplicates: text is JSON with a key written twice in one object.
func hasDuplicates(text string) bool {
	doc, err := osloop.ParseJSON([]byte(text))
	return err == nil && doc != nil && len(doc.Duplicates) > 0
}

// reportMarketplaceDuplicates reports the keys written twice in the
// marketplace.json files above root (up to maxMarketUp folders) that
// concern the plugin at root: inside an entry listing it, or outside
// every entry (a second "plugins" list replaces the first).
func (r *reviewer) reportMarketplaceDuplicates(root string) {
	root = path.Clean(root)
	for dir, up := root, 0; up <= maxMarketUp; up++ {
		market := path.Join(dir, ".claude-plugin", "marketplace.json")
		// Most marketplaces repeat no key: one parse says so.
		if text, ok := readText(r.fsys, market, &r.budget); ok && hasDuplicates(text) {
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
// lists this skill: its last folderPath names the skill's folder. Every
// OS Loop skill of a library reads the same index, so it is read into a
// pooled buffer and only the items mentioning the folder's name are
// parsed (itemSpans finds them without building the document).
func (r *reviewer) reportIndexDuplicates() {
	dir := path.Clean(r.skill.Location.Dir)
	if dir == "." || dir == "" || r.budget <= 0 {
		return
	}
	indexPath := path.Join(path.Dir(dir), "index.json")
	f, err := r.fsys.Open(indexPath)
	if err != nil {
		return
	}
	defer f.Close()
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		return
	}
	buf := indexBufs.Get().(*bytes.Buffer)
	defer indexBufs.Put(buf)
	buf.Reset()
	if _, err := buf.ReadFrom(io.LimitReader(f, int64(min(maxFileBytes, r.budget)))); err != nil {
		return
	}
	r.budget -= buf.Len()
	data := buf.Bytes()
	base := path.Base(dir)
	slashed, bare := []byte("/"+base+`"`), []byte(`"`+base+`"`)
	itemSpans(data, func(start, end int) {
		item := data[start:end]
		if !bytes.Contains(item, slashed) && !bytes.Contains(item, bare) {
			return
		}
		doc, err := osloop.ParseJSON(item)
		if err != nil || doc == nil || len(doc.Duplicates) == 0 || doc.Root == nil {
			return
		}
		if fp := doc.Root.Get("folderPath"); fp == nil || path.Base(path.Clean(fp.Str)) != base {
			return
		}
		// Positions are the index file's: the item parsed again in place,
		// the rest blanked.
		kept := make([]byte, len(data))
		copy(kept, data)
		blank(kept, 0, len(kept))
		copy(kept[start:end], item)
		r.reportDuplicateKeys(indexPath, string(kept), "the OS Loop runtime", nil)
	})
}

// indexBufs holds the buffers indexes are read into.
var indexBufs = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// itemSpans calls fn with the byte range of each item of the JSON array
// data holds (its top level), read by brackets and strings alone.
func itemSpans(data []byte, fn func(start, end int)) {
	depth, start := 0, -1
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '[', '{':
			depth++
			if depth == 2 {
				start = i
			}
		case ']', '}':
			if depth == 2 && start >= 0 {
				fn(start, i+1)
				start = -1
			}
			depth--
		}
	}
}
