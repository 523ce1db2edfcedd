package skillmd

import "path"

// inDir is path.Join(c.dir, rel) for the paths a Load joins most: its
// files and cleaned link targets, already clean, so the join is a
// concatenation. path.Join cleans the whole result again, a few
// instructions per byte of the skill's (often long) folder path, six
// times a skill on the corpus; anything not plainly clean still goes
// through it.
func (c *checker) inDir(rel string) string {
	if !cleanRelative(rel) {
		return path.Join(c.dir, rel)
	}
	switch c.dir {
	case ".":
		return rel
	case "/":
		return "/" + rel
	}
	return c.dir + "/" + rel
}

// cleanRelative: p is a non-empty relative slash path that path.Clean
// leaves as it is and that stays below its folder (no "." or ".."
// segment, no empty one, no leading or trailing slash).
func cleanRelative(p string) bool {
	if p == "" || p[0] == '/' || p[len(p)-1] == '/' {
		return false
	}
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		switch p[start:i] {
		case "", ".", "..":
			return false
		}
		start = i + 1
	}
	return true
}
