package bundle

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/model"
)

// messageMapper turns esbuild messages into diagnostics that name the
// user's file, with 1-based columns (esbuild's are 0-based bytes).
type messageMapper struct {
	absPath string // the skill file, absolute
	display string // the skill file as the user named it
	header  *xgs.Header
	conf    confinement // the skill's folder: what esbuild says of a file outside it is not quoted
}

func (m messageMapper) diagnostics(msgs []api.Message, rule string) []model.Diagnostic {
	var out []model.Diagnostic
	for _, msg := range msgs {
		out = append(out, m.diagnostic(msg, rule))
	}
	return out
}

func (m messageMapper) diagnostic(msg api.Message, rule string) model.Diagnostic {
	if loc := msg.Location; loc != nil && m.outside(loc.File) {
		// A file esbuild read outside the skill's folder (a tsconfig.json
		// above it, or one it extends): esbuild quotes the text it did not
		// expect, which for `"extends": "../../.token"` was the secret.
		msg.Text = fmt.Sprintf(redactedPrefix+"%s, outside the skill's folder (its text is not shown)", loc.File)
		msg.Notes = nil
	}
	text := msg.Text
	for _, n := range msg.Notes {
		// esbuild's "mark it as external" advice does not apply: a skill
		// bundle has nothing outside it to load an external from.
		if n.Text != "" && !strings.Contains(n.Text, "external") {
			note := strings.TrimSuffix(n.Text, ":")
			if n.Location != nil && !strings.HasPrefix(n.Location.File, pluginNamespace+":") {
				note += fmt.Sprintf(" at %d:%d", n.Location.Line, n.Location.Column+1)
			}
			text += " (" + note + ")"
		}
	}
	d := Rules.New(rule, m.display, 1, 1, text, hintFor(msg, rule))
	loc := msg.Location
	if loc == nil {
		return d
	}
	// esbuild leaves Namespace empty on some messages; the pretty path of a
	// plugin module is "xgoose:<path>" either way.
	ours := loc.Namespace == pluginNamespace || strings.HasPrefix(loc.File, pluginNamespace+":")
	switch {
	case ours && strings.HasSuffix(loc.File, modEntry):
		// Only @detect can break the entry: point at it in the header.
		d = Rules.New("xgs/build-detect", m.display, 1, 1, "@detect: "+text,
			"Write @detect as one JavaScript expression, e.g. !!document.querySelector('meta[name=generator]').")
		if dir := m.header.Find("detect"); dir != nil {
			d.Line, d.Column = dir.Line, dir.ValueColumn
			if loc.Line == entryDetectLine {
				d.Column += loc.Column
			} else {
				d.Column += len(dir.Value) // the expression ended too early
			}
		}
		if rule == "xgs/build-warning" {
			d.Rule, d.Severity = rule, model.SeverityWarning
		}
	case !ours:
		d.Line, d.Column = loc.Line, loc.Column+1
		if loc.Length > 0 {
			d.EndLine, d.EndColumn = loc.Line, loc.Column+1+loc.Length
		}
		if !m.isSkillFile(loc.File) {
			d.File = loc.File // a file the skill imports (node_modules, a helper)
		}
	default:
		// The embedded runtime or Zod: a skillstudio bug, or an import of
		// something they do not export. Keep the user's file as the place.
		d.Message = loc.File + ": " + text
	}
	return d
}

// redactedPrefix starts the message that stands for one about a file
// outside the skill's folder.
const redactedPrefix = "esbuild could not use "

// outside: a message's file is on disk outside the skill's folder and
// every node_modules the build may read, judged by its real path.
func (m messageMapper) outside(file string) bool {
	if file == "" || m.conf.dirs == nil || strings.HasPrefix(file, pluginNamespace+":") || strings.Contains(file, ":") && !filepath.IsAbs(file) {
		return false
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(filepath.Dir(m.absPath), filepath.FromSlash(file))
	}
	return m.conf.check(file, "", true) != ""
}

// isSkillFile: esbuild names files relative to AbsWorkingDir (the skill's
// folder) or absolute.
func (m messageMapper) isSkillFile(file string) bool {
	if file == "" {
		return true
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(filepath.Dir(m.absPath), file)
	}
	return filepath.Clean(file) == m.absPath
}

func hintFor(msg api.Message, rule string) string {
	switch {
	case strings.HasPrefix(msg.Text, xgs.ImportSkillMessage("")[:len("importing another skill")]):
		return xgs.ImportSkillHint
	case strings.HasPrefix(msg.Text, outsideMessage):
		return OutsideHint
	case strings.HasPrefix(msg.Text, computedImportPrefix):
		return computedImportHint
	case strings.HasPrefix(msg.Text, configRefusal):
		return configHint
	case strings.HasPrefix(msg.Text, packageRefusal):
		return "Replace the package.json named there with the package's own file (a link to a device or FIFO, or a file that large, is not a package manifest)."
	case strings.HasPrefix(msg.Text, redactedPrefix):
		return "Fix the file named there, or the tsconfig.json \"extends\" or import that leads the build to it."
	case strings.HasPrefix(msg.Text, "Could not resolve"):
		return "Install the package next to the skill (npm install), or remove the import: only @xgoose/skill and zod are provided."
	case strings.Contains(strings.ToLower(msg.Text), "top-level await"):
		return "Move the await into a handler: the bundle is an IIFE, which cannot hold a top-level await."
	case rule == "xgs/build-warning":
		return "Read esbuild's warning and fix the code it points at."
	}
	return "Fix the code at this position; esbuild must parse the file as an ES module."
}
