package ui

import (
	"io/fs"
	"net/url"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/sanitize"
)

// docLink is a link the reader can follow: to a file of the same skill,
// to a heading of the document shown (target ""), or to a heading of a
// file of the skill.
type docLink struct {
	text   string // the link's text, sanitised
	target string // FS path of the file; "" for the document itself
	anchor string // the heading's anchor (the link's #fragment), "" none
}

// docLinks keeps the links of o worth following: relative links that stay
// inside the document's skill folder and name a file that exists, and
// anchors of the document's own headings (found by inDoc). Each target is
// listed once.
func docLinks(o skillmd.Outline, d *readerDoc, inDoc func(anchor string) bool) []docLink {
	var out []docLink
	seen := map[docLink]bool{}
	for _, l := range o.Links {
		if l.Image || l.Mention {
			continue
		}
		link := docLink{anchor: linkFragment(l.Dest)}
		if strings.HasPrefix(l.Dest, "#") {
			if link.anchor == "" || !inDoc(link.anchor) {
				continue
			}
		} else {
			target, ok := resolveLink(l.Dest, d.dir, d.skillDir)
			if !ok || d.fsys == nil {
				continue
			}
			if info, err := fs.Stat(d.fsys, target); err != nil || info.IsDir() {
				continue
			}
			link.target = target
		}
		if seen[link] {
			continue
		}
		seen[link] = true
		link.text = strings.TrimSpace(sanitize.Line(l.Text))
		if link.text == "" {
			link.text = link.where(d.skillDir)
		}
		out = append(out, link)
	}
	return out
}

// where is the link's destination as the footer shows it: the file
// relative to the skill folder, and the anchor.
func (l docLink) where(skillDir string) string {
	s := strings.TrimPrefix(strings.TrimPrefix(l.target, skillDir), "/")
	if l.anchor != "" {
		s += "#" + l.anchor
	}
	return sanitize.Line(s)
}

// linkFragment is a link destination's #fragment (without the #).
func linkFragment(dest string) string {
	_, frag, _ := strings.Cut(dest, "#")
	return frag
}

// resolveLink turns a link destination into an FS path inside skillDir;
// ok is false for URLs, anchors and paths that leave the skill.
func resolveLink(dest, dir, skillDir string) (string, bool) {
	if dest == "" || strings.HasPrefix(dest, "#") || strings.HasPrefix(dest, "/") {
		return "", false
	}
	if u, err := url.Parse(dest); err != nil || u.Scheme != "" || u.Host != "" {
		return "", false
	}
	if i := strings.IndexAny(dest, "#?"); i >= 0 {
		dest = dest[:i]
	}
	if unescaped, err := url.PathUnescape(dest); err == nil {
		dest = unescaped
	}
	p := path.Join(dir, dest)
	if skillDir != "." && p != skillDir && !strings.HasPrefix(p, skillDir+"/") {
		return "", false
	}
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", false
	}
	return p, true
}
