package skillmd

import "github.com/skillstudio/skillstudio/internal/sniff"

// wideMessage says that file is UTF-16 or UTF-32 text, not binary: the
// NUL bytes a reader trips on are half of every character.
func wideMessage(file string, w sniff.Wide) string {
	return file + " is " + w.Name + " text, not UTF-8: agents read it as UTF-8, find no frontmatter and skip the skill"
}

const wideHint = "Save it as UTF-8 (PowerShell: Set-Content -Encoding utf8 or Out-File -Encoding utf8; Notepad: Save As, Encoding UTF-8)."
