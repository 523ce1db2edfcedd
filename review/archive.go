package review

import (
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// Password-protected archives: the ClawHub malware campaigns shipped their
// "prerequisite" as a zip with its password written in SKILL.md, so that
// no scanner on the way could read what was inside. A skill that gives
// the password to an archive it tells someone to open is read as such,
// in prose as in code: unzip -P, 7z x -pPASS, unrar x -pPASS, Python's
// extractall(pwd=…)/setpassword(…), or a line naming an archive and its
// password ("extract it with the password `x`").
var (
	// The password written out (a literal), not one passed through a
	// variable (zipfile's own open(member, pwd=pwd), unzip -P "$PASS").
	archiveExtract = lazyre.New(`(?i)\bunzip\s+(-\S+\s+)*-P\s*["']?[^\s$"'{}<>]{3,}|\b(7z|7za|7zz|unrar)\s+[ex]\b[^\n]*\s-p["']?[^\s$"'{}<>]{3,}|\.(extractall|extract|open|read)\([^)\n]*\bpwd\s*=\s*b?["']|\.setpassword\(\s*b?["']`)
	archiveNamed   = lazyre.New(`(?i)\.(zip|rar|7z)\b|\b(zip|rar|7z|7-zip)\s+(file|archive)\b|\barchive\b|\b(extract|unzip|unpack|decompress)(ed|ing|s)?\b`)
	archivePass    = lazyre.New("(?i)\\b(password|passcode|passphrase)\\b[^.\\n]{0,24}?(:|=|\\bis\\b|\\bwith\\b|\\busing\\b)?\\s*[`'\"*]+([^`'\"*\\s<>${}]{3,40})[`'\"*]+|\\b(password|passcode|passphrase)\\s*(:|=|\\bis\\b)\\s*([^\\s`'\"*<>${}.,;]{3,40})")
	archiveWords   = []string{"password", "passcode", "passphrase", "pwd", "unzip", "7z", "unrar"}
)

const archiveHint = "Extract the archive in a sandbox and read every file before anything from it runs; an honest tool ships in the open."

// scanArchives reports each line that opens a password-protected archive
// or gives an archive's password.
func (r *reviewer) scanArchives(f *source) {
	if !containsAny(strings.ToLower(f.text), archiveWords) {
		return
	}
	forLines(f.text, func(pos int, logical, joined string) {
		lower := strings.ToLower(joined)
		if !containsAny(lower, archiveWords) {
			return
		}
		what := ""
		if archiveExtract.MatchString(joined) {
			what = "opens a password-protected archive"
		} else if archiveNamed.MatchString(joined) && archivePass.MatchString(joined) {
			what = "gives the password of an archive"
		}
		if what == "" {
			return
		}
		off := pos + len(logical) - len(strings.TrimLeft(logical, " \t"))
		r.report(f, off, "review/protected-archive", fmt.Sprintf("%s, whose contents no scanner on the way could read: %s", what, clip(Visible(strings.TrimSpace(joined)), 200)), archiveHint)
	})
}
