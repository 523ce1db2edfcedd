package report

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"

	"github.com/skillstudio/skillstudio/internal/jsonout"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// SARIF 2.1.0, the subset GitHub code scanning reads:
// https://docs.oasis-open.org/sarif/sarif/v2.1.0/ and GitHub's "SARIF
// support for code scanning" page.
const (
	sarifVersion = "2.1.0"
	sarifSchema  = "https://json.schemastore.org/sarif-2.1.0.json"
	toolURI      = "https://github.com/skillstudio/skillstudio"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool sarifTool `json:"tool"`
	// ColumnKind says what a column counts: model.ColumnKind.
	ColumnKind string `json:"columnKind"`
	// OriginalURIBaseIDs says where %SRCROOT%, the base of every
	// relative uri, is on this machine, for viewers that open the files;
	// code scanning takes such a uri as relative to the repository root.
	OriginalURIBaseIDs map[string]sarifArtifact `json:"originalUriBaseIds,omitempty"`
	Results            []sarifResult            `json:"results"`
	// Properties carry the summary text and JSON print, since a rule's
	// results past model.MaxFindingsPerRule in a file are one result.
	Properties sarifRunProps `json:"properties"`
}

type sarifRunProps struct {
	Summary Summary `json:"summary"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID                   string        `json:"id"`
	Name                 string        `json:"name,omitempty"`
	ShortDescription     sarifText     `json:"shortDescription"`
	FullDescription      sarifText     `json:"fullDescription"`
	HelpURI              string        `json:"helpUri,omitempty"`
	Help                 sarifHelp     `json:"help"`
	DefaultConfiguration sarifRuleConf `json:"defaultConfiguration"`
	Properties           *sarifProps   `json:"properties,omitempty"`
}

type sarifRuleConf struct {
	Level   string `json:"level"`
	Enabled bool   `json:"enabled"`
}

type sarifProps struct {
	Tags []string `json:"tags,omitempty"`
	// SecuritySeverity (a score from 0.0 to 10.0, as a string) makes code
	// scanning list a rule's results as security alerts ranked critical to
	// low; set on review/ rules only.
	SecuritySeverity string `json:"security-severity,omitempty"`
}

// sarifHelp is a rule's documentation, which code scanning shows beside
// each alert; GitHub names help.text required.
type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifText struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex *int            `json:"ruleIndex,omitempty"`
	Level     string          `json:"level"`
	Message   sarifText       `json:"message"`
	Locations []sarifLocation `json:"locations"`
	// PartialFingerprints let code scanning tell the same alert across
	// runs when the SARIF is uploaded by the API, which computes none.
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// srcRoot is the uriBaseId of paths relative to Options.BaseDir (the
// name CodeQL and other code scanning tools use).
const srcRoot = "%SRCROOT%"

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// sarifLevel maps a severity to SARIF's level names.
func sarifLevel(s model.Severity) string {
	switch s {
	case model.SeverityError:
		return "error"
	case model.SeverityWarning:
		return "warning"
	case model.SeverityInfo:
		return "note"
	}
	return "none"
}

// SARIF prints one SARIF 2.1.0 log with a single run: the tool's rules
// (id, doc as short and full description, default level) and one result per
// finding. Paths are relative to Options.BaseDir where possible, as code
// scanning resolves them against the repository checkout. Findings without
// a position point at line 1, column 1, because code scanning needs a
// region to show a result.
func SARIF(w io.Writer, lib *model.Library, opts Options) error {
	rules := opts.Rules
	index := map[string]int{}
	driver := sarifDriver{Name: "skillstudio", Version: opts.ToolVersion, InformationURI: toolURI, Rules: []sarifRule{}}
	for i, r := range rules {
		index[r.ID] = i
		driver.Rules = append(driver.Rules, sarifRule{
			ID:                   r.ID,
			ShortDescription:     sarifText{cmp.Or(r.Title, r.Doc)},
			FullDescription:      sarifText{r.Doc},
			HelpURI:              RuleHelpURL(r.ID),
			Help:                 ruleHelp(r),
			DefaultConfiguration: sarifRuleConf{Level: sarifLevel(r.Severity), Enabled: r.Severity != model.SeverityOff},
			Properties:           ruleProps(r),
		})
	}
	d := displayer{opts.BaseDir}
	var all []finding
	all = append(all, d.libraryFindings(lib)...)
	for _, s := range d.sortedSkills(lib) {
		all = append(all, d.skillFindings(s)...)
	}
	sortFindings(all)
	run := sarifRun{Tool: sarifTool{driver}, ColumnKind: model.ColumnKind, Results: []sarifResult{}, Properties: sarifRunProps{Summarize(lib)}}
	if filepath.IsAbs(opts.BaseDir) {
		run.OriginalURIBaseIDs = map[string]sarifArtifact{srcRoot: {URI: strings.TrimSuffix(uri(opts.BaseDir), "/") + "/"}}
	}
	seen := map[string]int{}
	for _, f := range all {
		text := sanitize.String(f.Message)
		if f.Hint != "" {
			text += "\nHint: " + sanitize.String(f.Hint)
		}
		art := artifact(f.path, run.OriginalURIBaseIDs != nil)
		res := sarifResult{
			RuleID:  f.Rule,
			Level:   sarifLevel(f.Severity),
			Message: sarifText{text},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: art,
				Region:           region(f.Diagnostic),
			}}},
			PartialFingerprints: map[string]string{fingerprintKey: fingerprint(seen, f.Rule, art.URI, f.Message)},
		}
		if i, ok := index[f.Rule]; ok {
			res.RuleIndex = &i
		}
		run.Results = append(run.Results, res)
	}
	return jsonout.Encode(w, sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}})
}

// fingerprintKey names skillstudio's partial fingerprint; the version
// changes when what it hashes changes for most findings, so old alerts
// close rather than clash. Leaving out the plural s after a number
// (wave 15) changed only the findings with one, so it stayed v1: a new
// key would have closed and reopened every alert once.
const fingerprintKey = "skillstudio/v1"

// fingerprint identifies a result across runs by its rule, file and
// message with its numbers left out, not its line: an edit above a
// finding moves it (and changes a token count or a line the message
// names) without making it a new alert. The n-th result of one rule, file
// and message gets ":n" (GitHub's own primaryLocationLineHash counts
// repeats the same way).
func fingerprint(seen map[string]int, rule, uri, message string) string {
	h := sha256.Sum256([]byte(rule + "\x00" + uri + "\x00" + withoutDigits(message)))
	key := hex.EncodeToString(h[:16])
	n := seen[key] + 1
	seen[key] = n
	return key + ":" + strconv.Itoa(n)
}

// withoutDigits is s with each run of ASCII digits (and the separators
// inside a number: "1,200", "3.5") replaced by one '#', and the word after
// a number without its plural s: "about 1 token" and "about 4 tokens" are
// one finding (they were told apart, so a one-token body's alert was new
// each time the body grew).
func withoutDigits(s string) string {
	var b strings.Builder
	inNumber := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			if !inNumber {
				b.WriteByte('#')
			}
			inNumber = true
		case inNumber && (c == ',' || c == '.') && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
		case inNumber && c == ' ':
			inNumber = false
			b.WriteByte(c)
			j := i + 1
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
			word := s[i+1 : j]
			b.WriteString(strings.TrimSuffix(word, "s"))
			i = j - 1
		default:
			inNumber = false
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isWordByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// ruleHelp is a rule's help for code scanning: what it checks, why its
// severity, the spec behind it, and (in Markdown) its example, as in
// docs/rules.md.
func ruleHelp(r model.Rule) sarifHelp {
	doc := cmp.Or(r.Doc, r.Title, r.ID)
	var text, md strings.Builder
	text.WriteString(doc)
	md.WriteString(doc)
	for _, part := range []struct{ label, body string }{{"Why", r.Why}, {"Spec", r.Spec}} {
		if part.body != "" {
			fmt.Fprintf(&text, "\n\n%s: %s", part.label, part.body)
			fmt.Fprintf(&md, "\n\n**%s:** %s", part.label, part.body)
		}
	}
	for _, ex := range []struct{ label, code string }{{"Reported", r.Example.Fail}, {"Fixed", r.Example.Pass}} {
		if ex.code != "" {
			fence := "```"
			for strings.Contains(ex.code, fence) {
				fence += "`"
			}
			fmt.Fprintf(&md, "\n\n%s:\n\n%s\n%s\n%s", ex.label, fence, strings.TrimRight(ex.code, "\n"), fence)
		}
	}
	fmt.Fprintf(&md, "\n\n[Rule reference](%s)", RuleHelpURL(r.ID))
	return sarifHelp{Text: text.String(), Markdown: md.String()}
}

// ruleProps tags a rule with its family; review/ rules, which flag what a
// skill could do to the machine running it, are security rules.
func ruleProps(r model.Rule) *sarifProps {
	p := &sarifProps{Tags: []string{family(r.ID)}}
	if p.Tags[0] == "review" {
		p.Tags = append(p.Tags, "security")
		p.SecuritySeverity = securitySeverity(r.Severity)
	}
	return p
}

// securitySeverity scores a review/ rule's default severity on GitHub's
// scale (over 7.0 high, 4.0 to 6.9 medium, under 4.0 low).
func securitySeverity(s model.Severity) string {
	switch s {
	case model.SeverityError:
		return "8.0"
	case model.SeverityWarning:
		return "5.0"
	}
	return "2.0"
}

// artifact is where a finding's file is: relative to %SRCROOT% when its
// path is relative (under Options.BaseDir) and a base was declared.
func artifact(p string, based bool) sarifArtifact {
	a := sarifArtifact{URI: uri(p)}
	if based && !filepath.IsAbs(p) && !strings.Contains(p, "://") {
		a.URIBaseID = srcRoot
	}
	return a
}

// region clamps a position into SARIF's 1-based range and keeps an end
// position only when it does not come before the start.
func region(d model.Diagnostic) sarifRegion {
	r := sarifRegion{StartLine: max(d.Line, 1), StartColumn: max(d.Column, 1)}
	if d.EndLine > r.StartLine || d.EndLine == r.StartLine && d.EndColumn >= r.StartColumn {
		r.EndLine = d.EndLine
		if d.EndColumn >= 1 {
			r.EndColumn = d.EndColumn
		}
	}
	return r
}

// family is a rule id's prefix ("skillmd" for "skillmd/name-format").
func family(id string) string {
	for i := 0; i < len(id); i++ {
		if id[i] == '/' {
			return id[:i]
		}
	}
	return id
}
