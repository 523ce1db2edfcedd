package report

import (
	"cmp"
	"github.com/skillstudio/skillstudio/internal/jsonout"
	"io"
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
	DefaultConfiguration sarifRuleConf `json:"defaultConfiguration"`
	Properties           *sarifProps   `json:"properties,omitempty"`
}

type sarifRuleConf struct {
	Level   string `json:"level"`
	Enabled bool   `json:"enabled"`
}

type sarifProps struct {
	Tags []string `json:"tags,omitempty"`
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
			DefaultConfiguration: sarifRuleConf{Level: sarifLevel(r.Severity), Enabled: r.Severity != model.SeverityOff},
			Properties:           &sarifProps{Tags: []string{family(r.ID)}},
		})
	}
	d := displayer{opts.BaseDir}
	var all []finding
	all = append(all, d.libraryFindings(lib)...)
	for _, s := range d.sortedSkills(lib) {
		all = append(all, d.skillFindings(s)...)
	}
	sortFindings(all)
	run := sarifRun{Tool: sarifTool{driver}, ColumnKind: model.ColumnKind, Results: []sarifResult{}}
	if filepath.IsAbs(opts.BaseDir) {
		run.OriginalURIBaseIDs = map[string]sarifArtifact{srcRoot: {URI: strings.TrimSuffix(uri(opts.BaseDir), "/") + "/"}}
	}
	for _, f := range all {
		text := sanitize.String(f.Message)
		if f.Hint != "" {
			text += "\nHint: " + sanitize.String(f.Hint)
		}
		res := sarifResult{
			RuleID:  f.Rule,
			Level:   sarifLevel(f.Severity),
			Message: sarifText{text},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{
				ArtifactLocation: artifact(f.path, run.OriginalURIBaseIDs != nil),
				Region:           region(f.Diagnostic),
			}}},
		}
		if i, ok := index[f.Rule]; ok {
			res.RuleIndex = &i
		}
		run.Results = append(run.Results, res)
	}
	return jsonout.Encode(w, sarifLog{Schema: sarifSchema, Version: sarifVersion, Runs: []sarifRun{run}})
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
