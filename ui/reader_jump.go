package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// pendingJump is a heading, or a line of the file (1-based, a finding's),
// to scroll to once the document docID is shown.
type pendingJump struct {
	docID string
	ref   headingRef
	line  int
}

// takeJump scrolls to the pending heading or line if its document is
// shown.
func (t *readTab) takeJump() {
	if t.jump.line > 0 {
		t.takeLineJump()
		return
	}
	top := t.top()
	if t.jump.ref.isZero() || top == nil || t.doc == nil || t.shown.doc != t.jump.docID {
		return
	}
	t.jumpTo(t.jump.ref)
	t.jump = pendingJump{}
}

// jumpTo scrolls so the heading r names is the first line shown. It goes
// by the heading's identity in the outline, never by matching rendered
// text. In a gated body a heading already on the first page stays put, so
// the lock notice above it stays in view.
func (t *readTab) jumpTo(r headingRef) bool {
	top := t.top()
	if t.doc == nil || top == nil {
		return false
	}
	i, ok := t.doc.headingIndex(top, r)
	if !ok || i >= len(t.doc.headings) {
		return false
	}
	line := t.doc.headings[i]
	if strings.HasSuffix(top.id, gatedSuffix) && line < t.vp.Height()-2 {
		line = 0
	}
	t.vp.SetYOffset(line)
	return true
}

// follow opens a link: a heading of the document shown, a file of the
// skill, or a heading of such a file once it is shown.
func (t *readTab) follow(l docLink) tea.Cmd {
	if l.target == "" {
		t.jumpTo(headingRef{slug: l.anchor})
		return nil
	}
	if l.anchor != "" {
		t.jump = pendingJump{docID: fileDocID(t.entry.ID, l.target), ref: headingRef{slug: l.anchor}}
	}
	return openFileCmd(t.entry, l.target)
}

// linkKinds says what a document's links lead to, for the footer.
func linkKinds(links []docLink) string {
	for _, l := range links {
		if l.target == "" {
			return "sections and files"
		}
	}
	return "files"
}
