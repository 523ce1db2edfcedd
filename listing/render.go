package listing

import (
	"fmt"
	"io"
	"strings"
)

// entry renders one skill as the agent lists it; desc "" is the bare form.
// name, desc and path are already sanitised (clean).
func (p Profile) entry(name, desc, path string) string {
	switch p.Style {
	case StyleDashFile:
		if desc == "" {
			return fmt.Sprintf("- %s: (file: %s)", name, path)
		}
		return fmt.Sprintf("- %s: %s (file: %s)", name, desc, path)
	case StyleXMLFile:
		lines := []string{"<skill>", "<name>" + name + "</name>"}
		if desc != "" {
			lines = append(lines, "<description>"+desc+"</description>")
		}
		return strings.Join(append(lines, "<file>"+path+"</file>", "</skill>"), "\n")
	case StyleXMLLoc:
		return "  <skill>\n    <name>" + name + "</name>\n    <description>" + desc +
			"</description>\n    <location>" + path + "</location>\n  </skill>"
	}
	if desc == "" {
		return "- " + name
	}
	return "- " + name + ": " + desc
}

// Render writes the skill part of the text the agent would see: the
// section frame where the agent's source shows one, then every listed
// skill as the agent formats it. All skill text is sanitised: no control
// characters, escape sequences or bidi overrides reach w.
func Render(w io.Writer, l Listing) error {
	p := l.profile
	if p.ID == "" {
		p, _ = ProfileByID(l.Agent)
	}
	var b strings.Builder
	var names []string
	omitted := 0
	switch p.Style {
	case StyleDashFile:
		b.WriteString("## Skills\n### Available skills\n")
	case StyleXMLFile:
		b.WriteString("<skills>\n")
	case StyleXMLLoc:
		b.WriteString("# Available Agent Skills\n\n<available_skills>\n")
	}
	for _, e := range l.Skills {
		switch {
		case e.State == StateOmitted:
			if e.Reason == "budget" {
				omitted++
			}
			continue
		case p.Overflow == OverflowPrefixNames && e.State == StateNameOnly:
			names = append(names, e.Name)
			continue
		}
		b.WriteString(p.entry(e.Name, clean(e.text), clean(e.Path)))
		b.WriteByte('\n')
	}
	switch p.Style {
	case StyleXMLFile:
		if len(names) > 0 {
			b.WriteString("Additional skills available (invoke by name): " + strings.Join(names, ", "))
			if omitted > 0 {
				fmt.Fprintf(&b, "... and %d more", omitted)
			}
			b.WriteByte('\n')
		}
		b.WriteString("</skills>\n")
	case StyleXMLLoc:
		b.WriteString("</available_skills>\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
