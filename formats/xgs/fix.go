package xgs

import (
	"sort"
	"strings"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/suppress"
)

// versionMissing reports a header without @version, with a fix that adds
// `// @version 0.0.0` after @namespace (or @name, or the opening marker),
// styled like its neighbour so aligned headers stay aligned.
func (h *Header) versionMissing() model.Diagnostic {
	d := Rules.New("xgs/version-missing", "", h.StartLine, 1,
		"the header has no @version (it defaults to 0.0.0)",
		"Add `// @version 0.0.0`; `skillstudio lint --fix` does it.")
	d.Fix = &model.Fix{Description: "add // @version 0.0.0", Edits: []model.TextEdit{h.versionEdit()}}
	return d
}

func (h *Header) versionEdit() model.TextEdit {
	ref := h.Find("namespace")
	if ref == nil {
		ref = h.Find("name")
	}
	prefix, eol, at := "// ", "\n", h.Start+len(h.Lines[0].Text)+len(h.Lines[0].EOL)
	gap := " "
	if h.Lines[0].EOL != "" {
		eol = h.Lines[0].EOL
	}
	if ref != nil {
		prefix, at = ref.Prefix, ref.End
		if ref.EOL != "" {
			eol = ref.EOL
		}
		if strings.Contains(ref.Gap, "\t") {
			gap = ref.Gap
		} else if n := len(ref.Key) + len(ref.Gap) - len("version"); len(ref.Gap) > 1 && n > 1 {
			gap = strings.Repeat(" ", n) // an aligned header stays aligned
		}
	}
	line := prefix + "@version" + gap + "0.0.0"
	// A header whose last line has no line ending (an unclosed header at
	// the end of the file) needs one before the new line, not after.
	if ref != nil && ref.EOL == "" || ref == nil && h.Lines[0].EOL == "" {
		return model.TextEdit{Start: at, End: at, NewText: eol + line}
	}
	return model.TextEdit{Start: at, End: at, NewText: line + eol}
}

// orderDiagnostic reports directives out of the spec's table order, with a
// fix that reorders them (stable for equal keys; unknown directives last).
// Only directive lines move: other lines and every line ending stay put.
func (h *Header) orderDiagnostic() *model.Diagnostic {
	if h.Sorted() {
		return nil
	}
	var first *Directive
	for i := 1; i < len(h.Directives); i++ {
		if specIndex(h.Directives[i].Key) < specIndex(h.Directives[i-1].Key) {
			first = &h.Directives[i]
			break
		}
	}
	d := Rules.New("xgs/header-order", "", first.Line, first.Column,
		"@"+first.Key+" is out of the spec's directive order",
		"Order directives as the spec's table does (name, namespace, version, description, match, include, exclude, detect, run-at, all-frames, require, connect, primary, keyword, homepage, author); `skillstudio lint --fix` does it.")
	if h.hasSuppression() {
		// Reordering moves directives between lines, and a suppression
		// comment would end up above another directive than its own.
		return &d
	}
	if h.hasNoteAmongDirectives() {
		// A note between directives (`//   maintained by …` under
		// @author) says something about its neighbour; reordering
		// would leave it beside another directive. Which one it belongs
		// to is a guess, so no fix is offered.
		d.Hint = "Order directives as the spec's table does (name, namespace, version, description, match, include, exclude, detect, run-at, all-frames, require, connect, primary, keyword, homepage, author); move the notes between them below the closing marker first, and `skillstudio lint --fix` does it."
		return &d
	}
	d.Fix = &model.Fix{Description: "put header directives into the spec's order", Edits: []model.TextEdit{{
		Start: h.Start, End: h.End, NewText: h.Reordered().String(),
	}}}
	return &d
}

// hasSuppression reports whether a skillstudio-disable comment sits
// among the header's lines.
func (h *Header) hasSuppression() bool {
	for _, l := range h.Lines {
		if l.Kind == LineOther && strings.Contains(l.Text, suppress.Marker) {
			return true
		}
	}
	return false
}

// hasNoteAmongDirectives reports whether a comment line with text sits
// between two directives (blank `//` separators do not count).
func (h *Header) hasNoteAmongDirectives() bool {
	first, last := -1, -1
	for i, l := range h.Lines {
		if l.Kind == LineDirective {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	for i := first + 1; first >= 0 && i < last; i++ {
		l := h.Lines[i]
		if l.Kind == LineOther && strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l.Text), "//")) != "" {
			return true
		}
	}
	return false
}

// Sorted reports whether directives follow the spec's table order.
func (h *Header) Sorted() bool {
	for i := 1; i < len(h.Directives); i++ {
		if specIndex(h.Directives[i].Key) < specIndex(h.Directives[i-1].Key) {
			return false
		}
	}
	return true
}

// Reordered returns a copy of h with directives in the spec's table order.
// Offsets and line numbers of the copy are those of the original slots.
func (h *Header) Reordered() *Header {
	sorted := append([]Directive(nil), h.Directives...)
	sort.SliceStable(sorted, func(i, j int) bool { return specIndex(sorted[i].Key) < specIndex(sorted[j].Key) })
	out := *h
	out.Directives = make([]Directive, len(sorted))
	for i, d := range sorted {
		slot := h.Directives[i]
		d.EOL = slot.EOL // each slot keeps its own line ending
		d.Line, d.Start, d.End = slot.Line, slot.Start, slot.Start+len(d.Text())
		out.Directives[i] = d
	}
	return &out
}

// ApplyEdits applies non-overlapping edits to src (used by tests and by
// callers that fix in memory). Edits are applied back to front.
func ApplyEdits(src []byte, edits []model.TextEdit) []byte {
	es := append([]model.TextEdit(nil), edits...)
	sort.SliceStable(es, func(i, j int) bool { return es[i].Start > es[j].Start })
	out := append([]byte(nil), src...)
	for _, e := range es {
		if e.Start < 0 || e.End > len(out) || e.Start > e.End {
			continue
		}
		out = append(out[:e.Start], append([]byte(e.NewText), out[e.End:]...)...)
	}
	return out
}
