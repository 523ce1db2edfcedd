package skillmd

import (
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/internal/pathname"
)

// maxWindowsFindings bounds the files named one by one; the rest are
// counted on the last.
const maxWindowsFindings = 5

// checkWindowsNames reports the skill's name, folder and files that
// cannot exist on Windows (pathname.WindowsProblem): git there refuses to check them out,
// so the skill, or the file it reads, is missing on every Windows machine.
// The name's characters, trailing dots and spaces are skillmd/name's; a
// device name (con, aux, com1) passes the name rules and is this rule's.
func (c *checker) checkWindowsNames() {
	nameNode := c.doc.Field("name")
	name := strings.TrimSpace(scalarText(nameNode))
	if nameNode != nil && nameProblem(name) == "" {
		if dev := pathname.WindowsDevice(name); dev != "" {
			c.at(nameNode, "skillmd/windows-name", fmt.Sprintf("name %q is the Windows device name %s: the skill's folder, named after it, cannot be checked out on Windows (git: \"invalid path\"), so the skill is missing there", name, dev),
				fmt.Sprintf("Rename the skill and its folder, e.g. %s-skill.", name))
		}
	}
	if dir := folderName(c.dir); dir != "" && (dir != name || nameNode == nil || nameProblem(name) != "") {
		if p := pathname.WindowsProblem(dir); p != "" {
			c.report("skillmd/windows-name", 1, 1, fmt.Sprintf("the skill's folder %q %s: no Windows checkout can hold it (git: \"invalid path\"), so the skill is missing there", dir, p),
				"Rename the folder to lowercase letters, digits and hyphens (and name: to match).")
		}
	}
	var bad []string
	for _, f := range c.files {
		if pathname.WindowsPathProblem(f) != "" {
			bad = append(bad, f)
		}
	}
	for i, f := range bad {
		if i == maxWindowsFindings {
			c.report("skillmd/windows-name", 1, 1, fmt.Sprintf("%d more files of the skill cannot be checked out on Windows (%s, …)", len(bad)-i, f),
				"Rename them as the ones above, and the links to them.")
			break
		}
		c.reportIn(c.inDir(f), "skillmd/windows-name", 1, 1, fmt.Sprintf("%s (in %s): git on Windows refuses to check it out (\"invalid path\"), so the skill has no such file there", pathname.WindowsPathProblem(f), f),
			"Rename it (lowercase letters, digits, hyphens and one extension, e.g. references/notes.md) and update the links to it.")
	}
}
