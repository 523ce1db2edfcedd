package skillmd

import (
	"fmt"
	"strings"
)

// caseVariant returns the file or folder of the skill whose path equals
// rel but for letter case (references/Guide.md for references/guide.md),
// or "" when there is none. Such a link works on macOS and Windows, whose
// file systems fold case by default, and fails on Linux, where agents run
// in CI and containers; the finding names the real spelling.
func (c *checker) caseVariant(rel string) string {
	if c.foldedFiles == nil {
		c.foldedFiles = make(map[string]string, len(c.fileSet))
		for f := range c.fileSet {
			k := strings.ToLower(f)
			if prev, ok := c.foldedFiles[k]; !ok || f < prev {
				c.foldedFiles[k] = f // two spellings on disk: pick one the same way every run
			}
		}
	}
	return c.foldedFiles[strings.ToLower(rel)]
}

// missingFileFinding words a "no such file" finding for dest (what is
// "link" or "path"), naming the spelling on disk when only the case
// differs; from is the folder of the file the link is written in,
// relative to the skill folder, and where says what paths are relative to.
func (c *checker) missingFileFinding(what, dest, target, from, where string) (msg, hint string) {
	if real := c.caseVariant(target); real != "" {
		return fmt.Sprintf("%s %q: no such file in the skill; %s differs only in letter case, which macOS and Windows ignore and Linux does not", what, dest, real),
			fmt.Sprintf("Write the name as it is on disk (%s) so the link works on every system.", strings.ReplaceAll(relLink(from, real), " ", "%20"))
	}
	return fmt.Sprintf("%s %q: no such file in the skill", what, dest), "Create the file or fix the path; " + where
}
