package review

import (
	"fmt"
	"path"
	"strings"
)

// reportScript lists a file under scripts/ with the program that runs it:
// the #! line when there is one, else what its extension implies.
func (r *reviewer) reportScript(f *source) {
	first, _ := f.lineAt(0)
	interp := ""
	if strings.HasPrefix(first, "#!") {
		interp = strings.TrimSpace(first[2:])
	} else if p, ok := interpreters[strings.ToLower(path.Ext(f.rel))]; ok {
		interp = p + " (by its extension; no #! line)"
	} else {
		return // data or docs kept beside the scripts
	}
	r.report(f, 0, "review/script", fmt.Sprintf("script %s runs with %s", f.rel, clip(Visible(interp), 100)), "Read it before letting the agent run it.")
}

// inScriptsDir: rel is in a scripts/ or bin/ folder of the skill, at any
// depth. A skill that bundles a shared core (core/scripts/*.ps1, which
// its installer copies into the skill) or a bin/ of tools hands the agent
// those programs as much as a top-level scripts/ does.
func inScriptsDir(rel string) bool {
	dir := path.Dir(rel)
	for dir != "." && dir != "/" && !strings.HasPrefix(dir, "..") {
		if b := path.Base(dir); b == "scripts" || b == "bin" {
			return true
		}
		dir = path.Dir(dir)
	}
	return false
}

var interpreters = map[string]string{
	".sh": "sh", ".bash": "bash", ".zsh": "zsh", ".fish": "fish", ".py": "python", ".rb": "ruby", ".pl": "perl",
	".js": "node", ".mjs": "node", ".cjs": "node", ".ts": "a TypeScript runtime", ".ps1": "PowerShell", ".psm1": "PowerShell",
	".bat": "cmd.exe", ".cmd": "cmd.exe", ".php": "php", ".lua": "lua", ".r": "R", ".go": "go run", ".swift": "swift",
}
