package xgs

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// Marker is the block name of an xgs header: `// ==XGooseSkill==`.
const Marker = "XGooseSkill"

// Header is the parsed `// ==XGooseSkill==` … `// ==/XGooseSkill==` block.
// It keeps every byte of the block (prefixes, spacing, line endings), so
// String prints it back exactly and fixes can rewrite single lines.
type Header struct {
	// Marker is the block name, "XGooseSkill" (or "UserScript" in tests).
	Marker string
	// Directives are the `// @key value` lines in written order.
	Directives []Directive
	// Lines is every line of the block, markers included, in order.
	Lines []HeaderLine
	// Start and End are byte offsets of the block in the source: from the
	// opening marker line through the newline after the closing marker.
	Start, End int
	// Closed is false when the closing marker is missing; the block then
	// ends at the first line that is not a `//` comment.
	Closed bool
	// StartLine is the 1-based line of the opening marker.
	StartLine int
}

// Directive is one `// @key value` line of the header.
type Directive struct {
	Key   string // without "@"
	Value string // trimmed
	// Line is the 1-based file line; Column the 1-based byte column of "@";
	// ValueColumn where Value starts (the end of the line when empty).
	Line, Column, ValueColumn int
	// Start and End are byte offsets of the whole line in the source,
	// End including its line ending.
	Start, End int

	// The exact bytes around Key and Value, for a byte-exact printer:
	// Prefix is everything before "@" (`// `), Gap the space between key
	// and value, Trail trailing spaces, EOL "\n", "\r\n" or "".
	Prefix, Gap, Trail, EOL string
}

// Text prints the directive line exactly as it was written.
func (d Directive) Text() string {
	return d.Prefix + "@" + d.Key + d.Gap + d.Value + d.Trail + d.EOL
}

// LineKind says what a header line is.
type LineKind int

const (
	LineOpen      LineKind = iota // the opening marker
	LineClose                     // the closing marker
	LineDirective                 // a `// @key value` line
	LineOther                     // any other comment or blank line
)

// HeaderLine is one line of the block.
type HeaderLine struct {
	Kind LineKind
	// Text is the line without its ending (for directives: as written).
	Text string
	EOL  string
	// Directive indexes Header.Directives for LineDirective, else -1.
	Directive int
	Line      int // 1-based file line
}

// Get returns the first value of key (without "@"), or "".
func (h *Header) Get(key string) string {
	if h == nil {
		return ""
	}
	for _, d := range h.Directives {
		if d.Key == key {
			return d.Value
		}
	}
	return ""
}

// Has reports whether key appears at all (even with an empty value).
func (h *Header) Has(key string) bool {
	return h.Find(key) != nil
}

// Find returns the first directive of key, or nil.
func (h *Header) Find(key string) *Directive {
	if h == nil {
		return nil
	}
	for i := range h.Directives {
		if h.Directives[i].Key == key {
			return &h.Directives[i]
		}
	}
	return nil
}

// All returns every value of key in written order.
func (h *Header) All(key string) []string {
	if h == nil {
		return nil
	}
	var out []string
	for _, d := range h.Directives {
		if d.Key == key {
			out = append(out, d.Value)
		}
	}
	return out
}

// String prints the block back byte-for-byte (markers, spacing, CRLF).
func (h *Header) String() string {
	if h == nil {
		return ""
	}
	var b strings.Builder
	for _, l := range h.Lines {
		if l.Kind == LineDirective {
			b.WriteString(h.Directives[l.Directive].Text())
			continue
		}
		b.WriteString(l.Text)
		b.WriteString(l.EOL)
	}
	return b.String()
}

// ParseHeader reads the `// ==XGooseSkill==` block of an .xgs.js source.
// It returns nil when there is no opening marker. Diagnostics (rule
// xgs/header-markers) have no File: the caller sets it. Value checks are
// in Header.Check.
func ParseHeader(src []byte) (*Header, []model.Diagnostic) {
	return ParseHeaderMarker(src, Marker)
}

// ParseHeaderMarker reads a `// ==NAME==` … `// ==/NAME==` block, so the
// same parser reads userscript headers (`UserScript`) in tests.
//
// The header's strings are slices of one string: of the text up to the
// closing marker when the block is found whole there (the usual case, a
// few hundred bytes), else of the whole source.
func ParseHeaderMarker(src []byte, marker string) (*Header, []model.Diagnostic) {
	if k := bytes.Index(src, []byte("==/"+marker+"==")); k >= 0 {
		if nl := bytes.IndexByte(src[k:], '\n'); nl >= 0 && k+nl+1 < len(src) {
			if h, diags, whole := parseHeaderText(string(src[:k+nl+1]), marker); whole {
				return h, diags
			}
		}
	}
	h, diags, _ := parseHeaderText(string(src), marker)
	return h, diags
}

// parseHeaderText parses the header in text. whole is false when the
// parse ran into the end of text, where a longer text could read on.
func parseHeaderText(text, marker string) (h *Header, diags []model.Diagnostic, whole bool) {
	open, close := "=="+marker+"==", "==/"+marker+"=="
	pos := 0
	if strings.HasPrefix(text, "\xef\xbb\xbf") {
		pos = 3
	}
	lineNo := 0
	sawContent := false // a non-blank line before the opening marker
	for pos < len(text) && h == nil {
		line, eol, next := nextLine(text, pos)
		lineNo++
		if isMarkerLine(line, open) {
			// Sized for every line to the end of text (the header is
			// usually all of it), within reason.
			n := min(strings.Count(text[next:], "\n")+2, 64)
			h = &Header{Marker: marker, Start: pos, StartLine: lineNo, Lines: make([]HeaderLine, 0, n), Directives: make([]Directive, 0, n)}
			h.Lines = append(h.Lines, HeaderLine{Kind: LineOpen, Text: line, EOL: eol, Directive: -1, Line: lineNo})
			if sawContent {
				diags = append(diags, Rules.New("xgs/header-markers", "", lineNo, 1,
					"the // "+open+" block is not at the top of the file",
					"Move the header block to the first line of the file."))
			}
			pos = next
			break
		}
		if strings.TrimSpace(line) != "" {
			sawContent = true
		}
		pos = next
	}
	if h == nil {
		return nil, append(diags, Rules.New("xgs/header-markers", "", 1, 1,
			"no // "+open+" header block",
			"Start the file with `// "+open+"`, the directives, and `// "+close+"`.")), false
	}
	whole = true
	for {
		if pos >= len(text) {
			whole = false
			break
		}
		line, eol, next := nextLine(text, pos)
		lineNo++
		trimmed := strings.TrimLeft(line, " \t")
		if isMarkerLine(line, close) {
			h.Lines = append(h.Lines, HeaderLine{Kind: LineClose, Text: line, EOL: eol, Directive: -1, Line: lineNo})
			h.Closed = true
			pos = next
			break
		}
		if !strings.HasPrefix(trimmed, "//") && strings.TrimSpace(line) != "" {
			lineNo-- // this line belongs to the body
			break
		}
		if d, ok := parseDirective(line, eol, lineNo, pos); ok {
			h.Lines = append(h.Lines, HeaderLine{Kind: LineDirective, Text: line, EOL: eol, Directive: len(h.Directives), Line: lineNo})
			h.Directives = append(h.Directives, d)
		} else {
			h.Lines = append(h.Lines, HeaderLine{Kind: LineOther, Text: line, EOL: eol, Directive: -1, Line: lineNo})
		}
		pos = next
	}
	h.End = pos
	if !h.Closed {
		diags = append(diags, Rules.New("xgs/header-markers", "", h.StartLine, 1,
			"the header block has no closing // "+close+" line",
			"Add `// "+close+"` after the last directive."))
	}
	return h, diags, whole
}

// isMarkerLine: `// ==NAME==` with any spacing around, nothing else.
func isMarkerLine(text, marker string) bool {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "//") {
		return false
	}
	return strings.TrimSpace(t[2:]) == marker
}

// nextLine returns the line at pos without its ending, the ending, and
// the offset of the next line. A lone "\r" is not a line ending (JS
// would disagree, but no editor writes it and it keeps offsets simple).
func nextLine(src string, pos int) (text, eol string, next int) {
	i := strings.IndexByte(src[pos:], '\n')
	if i < 0 {
		return src[pos:], "", len(src)
	}
	end := pos + i
	if end > pos && src[end-1] == '\r' {
		return src[pos : end-1], "\r\n", end + 1
	}
	return src[pos:end], "\n", end + 1
}

// parseDirective reads `<ws>//<ws>@key<ws>value<ws>`.
func parseDirective(text, eol string, lineNo, start int) (Directive, bool) {
	i := 0
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if !strings.HasPrefix(text[i:], "//") {
		return Directive{}, false
	}
	i += 2
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	if i >= len(text) || text[i] != '@' {
		return Directive{}, false
	}
	at := i
	i++
	keyStart := i
	for i < len(text) && isKeyByte(text[i]) {
		i++
	}
	if i == keyStart || (i < len(text) && text[i] != ' ' && text[i] != '\t') {
		return Directive{}, false
	}
	key := text[keyStart:i]
	gapStart := i
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	rest := text[i:]
	value := strings.TrimRight(rest, " \t")
	gap := text[gapStart:i]
	trail := rest[len(value):]
	if value == "" {
		// An empty value: keep all the spacing as trail so Gap stays "".
		gap, trail = "", text[gapStart:]
	}
	return Directive{
		Key: key, Value: value,
		Line: lineNo, Column: at + 1, ValueColumn: gapStart + len(gap) + 1,
		Start: start, End: start + len(text) + len(eol),
		Prefix: text[:at], Gap: gap, Trail: trail, EOL: eol,
	}, true
}

// isKeyByte: letters, digits and -_.: (userscripts localise as @name:fr).
func isKeyByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':'
}

// Spec describes one directive of the spec's table.
type Spec struct {
	Key        string
	Repeatable bool
	Required   bool
	Doc        string
}

// Directives is the spec's directive table, in the spec's order (which is
// also the order the header-order fix writes).
var Directives = []Spec{
	{"name", false, true, "Globally unique, kebab-case (a-z0-9-)."},
	{"namespace", false, true, "JS identifier; becomes xgoose.skills.<namespace>."},
	{"version", false, false, "Semver; defaults to 0.0.0."},
	{"description", false, false, "One-line summary shown to the agent."},
	{"match", true, false, "Chrome match pattern."},
	{"include", true, false, "Simple glob (* / ?)."},
	{"exclude", true, false, "Subtracts from the match set."},
	{"detect", false, false, "Single-line JS expression; must be truthy to mount."},
	{"run-at", false, false, "document_start / document_end / document_idle (default)."},
	{"all-frames", false, false, "true to also inject into iframes; default false."},
	{"require", true, false, "Other skill names loaded first."},
	{"connect", true, false, "Declared cross-origin hosts; informational."},
	{"primary", false, false, "Name of the ★ primary exported function."},
	{"keyword", true, false, "Search keywords, nicknames and slang."},
	{"homepage", false, false, "Author docs URL."},
	{"author", false, false, "Author display name."},
}

// SpecOf returns the table row of key; ok is false for an unknown key.
func SpecOf(key string) (Spec, bool) {
	for _, s := range Directives {
		if s.Key == key {
			return s, true
		}
	}
	return Spec{}, false
}

func init() {
	if len(Directives) >= 32 {
		panic("xgs: Header.Check's seen table holds 31 directives") // grow seenAt
	}
}

// specIndex is a key's position in the table; unknown keys sort last.
func specIndex(key string) int {
	for i, s := range Directives {
		if s.Key == key {
			return i
		}
	}
	return len(Directives)
}

// Extras returns the directives the spec does not know, in written order.
func (h *Header) Extras() []Directive {
	if h == nil {
		return nil
	}
	var out []Directive
	for _, d := range h.Directives {
		if _, ok := SpecOf(d.Key); !ok {
			out = append(out, d)
		}
	}
	return out
}

func (d Directive) String() string { return fmt.Sprintf("@%s %s", d.Key, d.Value) }
