package osloop

import (
	"fmt"
	"path"

	"github.com/skillstudio/skillstudio/internal/pathname"
)

// maxWindowsFindings bounds the files named one by one; the rest are
// counted on the last.
const maxWindowsFindings = 5

// checkWindowsNames reports the package folder and files that cannot
// exist on Windows (pathname.WindowsProblem): git there refuses to check
// them out ("invalid path"), so on a Windows machine the package, or the
// file the runtime fetches from it, is missing.
func (l *loader) checkWindowsNames() {
	if slug := path.Base(l.dir); l.dir != "." && slug != "/" {
		if p := pathname.WindowsProblem(slug); p != "" {
			l.add("osloop/windows-name", l.s.Location.File, 1, 1, fmt.Sprintf("the package folder %q %s: no Windows checkout can hold it (git: \"invalid path\"), so the package is missing there", slug, p),
				"Rename the folder to lowercase letters, digits and hyphens, and its entry in skills/index.json to match.")
		}
	}
	var bad []string
	for _, f := range l.s.Files {
		if pathname.WindowsPathProblem(f) != "" {
			bad = append(bad, f)
		}
	}
	for i, f := range bad {
		if i == maxWindowsFindings {
			l.add("osloop/windows-name", l.s.Location.File, 1, 1, fmt.Sprintf("%d more files of the package cannot be checked out on Windows (%s, …)", len(bad)-i, f),
				"Rename them as the ones above, and the references to them.")
			break
		}
		l.add("osloop/windows-name", path.Join(l.dir, f), 1, 1, fmt.Sprintf("%s (in %s): git on Windows refuses to check it out (\"invalid path\"), so the package has no such file there", pathname.WindowsPathProblem(f), f),
			"Rename it (lowercase letters, digits, hyphens and one extension, e.g. docs.md) and update what refers to it.")
	}
}
