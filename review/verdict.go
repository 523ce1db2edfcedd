package review

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// Kind groups review rules for the summary line and the risk order.
type Kind int

const (
	KindHiddenInstruction Kind = iota
	KindSecret
	KindPageData
	KindRemoteExec
	KindPersistence
	KindHiddenText
	KindUndeclaredHost
	KindInstruction
	KindShell
	KindEvidence // hosts, capabilities, scripts, comments, blobs
	numKinds
)

// ruleKinds is each rule's kind and the noun the summary counts it with.
var ruleKinds = map[string]struct {
	kind      Kind
	one, many string
}{
	"review/hidden-instruction":       {KindHiddenInstruction, "hidden instruction", "hidden instructions"},
	"review/secret":                   {KindSecret, "secret", "secrets"},
	"review/secret-like":              {KindSecret, "possible secret", "possible secrets"},
	"review/sends-page-data":          {KindPageData, "request sending page data away", "requests sending page data away"},
	"review/cross-origin-credentials": {KindPageData, "cross-origin request with cookies", "cross-origin requests with cookies"},
	"review/exfiltration":             {KindSecret, "command sending credentials away", "commands sending credentials away"},
	"review/exfiltration-doc":         {KindSecret, "documented command sending credentials away", "documented commands sending credentials away"},
	"review/remote-exec":              {KindRemoteExec, "download-and-run command", "download-and-run commands"},
	"review/remote-exec-doc":          {KindRemoteExec, "download-and-run install line", "download-and-run install lines"},
	"review/reverse-shell":            {KindRemoteExec, "reverse shell", "reverse shells"},
	"review/protected-archive":        {KindRemoteExec, "password-protected archive", "password-protected archives"},
	"review/typosquat":                {KindRemoteExec, "install of a near miss of a popular package", "installs of near misses of popular packages"},
	"review/install-script":           {KindRemoteExec, "npm install script", "npm install scripts"},
	"review/conditional-trigger":      {KindEvidence, "date or environment check", "date or environment checks"},
	"review/reverse-shell-doc":        {KindEvidence, "quoted reverse shell", "quoted reverse shells"},
	"review/repo-exfiltration":        {KindSecret, "push of the repository to a host the skill names", "pushes of the repository to hosts the skill names"},
	"review/repo-exfiltration-doc":    {KindSecret, "documented push of the repository to a host the skill names", "documented pushes of the repository to hosts the skill names"},
	"review/persistence":              {KindPersistence, "command leaving something to run later", "commands leaving something to run later"},
	"review/persistence-setup":        {KindPersistence, "documented setup step that runs later", "documented setup steps that run later"},
	"review/bidi":                     {KindHiddenText, "line with bidi controls", "lines with bidi controls"},
	"review/tag-characters":           {KindHiddenText, "tag-character text", "tag-character texts"},
	"review/invisible":                {KindHiddenText, "line with invisible characters", "lines with invisible characters"},
	"review/homoglyph":                {KindHiddenText, "homoglyph word", "homoglyph words"},
	"review/undeclared-host":          {KindUndeclaredHost, "undeclared host", "undeclared hosts"},
	"review/instruction":              {KindInstruction, "instruction to the agent", "instructions to the agent"},
	"review/listing-markup":           {KindInstruction, "description posing as listing markup", "descriptions posing as listing markup"},
	"review/unrestricted-shell":       {KindShell, "unrestricted shell", "unrestricted shells"},
	"review/host":                     {KindEvidence, "declared host", "declared hosts"},
	"review/dynamic-url":              {KindEvidence, "run-time URL", "run-time URLs"},
	"review/capability":               {KindEvidence, "capability", "capabilities"},
	"review/hook":                     {KindEvidence, "hook command", "hook commands"},
	"review/unread-plugin-config":     {KindHiddenText, "plugin config not reviewed whole", "plugin configs not reviewed whole"},
	"review/load-command":             {KindEvidence, "command run on load", "commands run on load"},
	"review/script":                   {KindEvidence, "script", "scripts"},
	"review/package-run":              {KindEvidence, "package run from a registry", "packages run from a registry"},
	"review/blob":                     {KindEvidence, "blob", "blobs"},
	"review/html-comment":             {KindEvidence, "HTML comment", "HTML comments"},
	"review/browser-cookies":          {KindEvidence, "read of the browser's cookies", "reads of the browser's cookies"},
	"review/mcp-server":               {KindEvidence, "MCP server", "MCP servers"},
	"review/mcp-credential":           {KindSecret, "credential sent to another service's MCP server", "credentials sent to other services' MCP servers"},
	"review/mcp-env":                  {KindEvidence, "local server given the user's credentials", "local servers given the user's credentials"},
	"review/conversation-sent":        {KindPageData, "conversation sent to a host the plugin does not name", "conversations sent to hosts the plugin does not name"},
	"review/duplicate-key":            {KindHiddenText, "JSON key written twice", "JSON keys written twice"},
	"review/lsp-server":               {KindEvidence, "language server", "language servers"},
	"review/plugin":                   {KindEvidence, "plugin listed with another skill", "plugins listed with another skill"},
	"review/unpinned-package":         {KindRemoteExec, "package run with no version", "packages run with no version"},
}

// ruleVariants name, within one rule, findings whose message says they
// are a different thing: remote-exec covers decode-and-run too, and an
// "echo … | base64 -d | sh" in a README is no install line.
var ruleVariants = map[string]struct {
	prefix    string
	one, many string
}{
	"review/remote-exec":     {decodeExecWhat, "decode-and-run command", "decode-and-run commands"},
	"review/remote-exec-doc": {decodeExecWhat, "documented decode-and-run line", "documented decode-and-run lines"},
}

// Verdict sums up a review.
type Verdict struct {
	// Line is one line for a list: "reaches 2 undeclared hosts · 1 hidden
	// instruction", or "nothing to flag" (evidence only).
	Line string
	// Errors, Warnings and Infos count findings by severity.
	Errors, Warnings, Infos int
	// ByKind counts error and warning findings per Kind.
	ByKind [numKinds]int
}

// Summarize builds the verdict of a review's findings. Findings of other
// rule families are counted by severity only.
func Summarize(findings []model.Diagnostic) Verdict {
	var v Verdict
	count := map[string]int{}
	for _, d := range findings {
		switch d.Severity {
		case model.SeverityError:
			v.Errors++
		case model.SeverityWarning:
			v.Warnings++
		case model.SeverityInfo:
			v.Infos++
		}
		k, ok := ruleKinds[d.Rule]
		if !ok || d.Severity < model.SeverityWarning {
			continue
		}
		v.ByKind[k.kind]++
		if vr, ok := ruleVariants[d.Rule]; ok && strings.HasPrefix(d.Message, vr.prefix) {
			count[d.Rule+"#"]++
			continue
		}
		count[d.Rule]++
	}
	// Phrases in order of harm: the severity of the rule, then its kind.
	var parts []string
	for _, sev := range []model.Severity{model.SeverityError, model.SeverityWarning} {
		for kind := Kind(0); kind < numKinds; kind++ {
			for _, r := range Rules {
				k := ruleKinds[r.ID]
				if k.kind != kind || r.Severity != sev {
					continue
				}
				if n := count[r.ID]; n > 0 {
					phrase := plural(n, k.one, k.many)
					if r.ID == "review/undeclared-host" {
						phrase = "reaches " + phrase
					}
					parts = append(parts, phrase)
				}
				if n := count[r.ID+"#"]; n > 0 {
					vr := ruleVariants[r.ID]
					parts = append(parts, plural(n, vr.one, vr.many))
				}
			}
		}
	}
	if len(parts) == 0 {
		v.Line = "nothing to flag"
		if v.Infos > 0 {
			noun := "notes"
			if v.Infos == 1 {
				noun = "note"
			}
			v.Line += fmt.Sprintf(" (%d %s to read)", v.Infos, noun)
		}
	} else {
		v.Line = strings.Join(parts, " · ")
	}
	return v
}

// plural is "1 noun" or "n nouns".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Compare orders verdicts from least to most risky: errors first, then
// the most harmful kinds, then warnings. Only findings count, never how
// much an author writes, so metadata cannot buy a better place.
func (v Verdict) Compare(w Verdict) int {
	if c := cmp.Compare(v.Errors, w.Errors); c != 0 {
		return c
	}
	for k := Kind(0); k < numKinds; k++ {
		if c := cmp.Compare(v.ByKind[k], w.ByKind[k]); c != 0 {
			return c
		}
	}
	return cmp.Compare(v.Warnings, w.Warnings)
}
