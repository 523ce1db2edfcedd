package ui

import "github.com/skillstudio/skillstudio/formats/skillmd"

// headingRef names a heading to jump to. slug is its identity: the anchor
// the outline gave it (a quiz goto's resolved section, a link's
// #fragment). name is a goto target as written ("## Setup"), resolved the
// way the quiz resolves it, for senders that have no slug.
type headingRef struct {
	slug, name string
}

func (r headingRef) isZero() bool { return r.slug == "" && r.name == "" }

// headingIndex finds the heading r names in a rendering of d. A gated body
// shows sections of the body, so its anchors are the body's: they go
// through the offsets the gate wrote the sections at.
func (rd *renderedDoc) headingIndex(d *readerDoc, r headingRef) (int, bool) {
	hs := rd.outline.Headings
	if r.slug != "" {
		if d.sectionAt != nil {
			if off, ok := d.sectionAt[skillmd.AnchorSlug(r.slug)]; ok {
				for i, h := range hs {
					if h.Offset == off {
						return i, true
					}
				}
			}
		} else if i, ok := rd.outline.HeadingWithSlug(r.slug); ok {
			return i, true
		}
	}
	if r.name != "" {
		return rd.outline.FindHeading(r.name)
	}
	return -1, false
}
