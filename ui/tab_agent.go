package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/listing"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// Budgets from the specs. xgs: "a typical 5–10-function active skill
// that's ~3–8 KB per turn (≈ 0.7–2 K tokens)" — above the top of that
// range is flagged. SKILL.md: "Keep SKILL.md under 500 lines / 5,000
// tokens".
const (
	xgsBudgetBytes   = 8000
	xgsBudgetTokens  = 2000
	bodyBudgetTokens = 5000
	bodyBudgetLines  = 500
)

// agentReport is what an agent is shown of a skill and what it costs.
// It is computed in a command (tokenizing takes a moment) and drawn at
// any width.
type agentReport struct {
	entryID int
	skill   *model.Skill // the skill it was computed for
	// caption says what text is: "per-turn system reminder entry" …
	caption string
	text    string
	bytes   int
	tokens  int
	exact   bool
	// over is set when bytes or tokens exceed the format's budget.
	over   bool
	budget string
	// For SKILL.md, the body that loads when the skill triggers.
	bodyTokens, bodyLines int
	bodyExact             bool
	hasBody               bool
	// evals sums up the skill's eval files ("" without any).
	evals string
}

type agentReportMsg struct{ r *agentReport }

func agentReportCmd(e *Entry, workDir string) tea.Cmd {
	s, id := e.Skill, e.ID
	return func() tea.Msg { return agentReportMsg{buildAgentReport(id, s, workDir)} }
}

func buildAgentReport(id int, s *model.Skill, workDir string) *agentReport {
	r := &agentReport{entryID: id, skill: s}
	switch s.Format {
	case model.FormatXGS:
		r.caption = "Per-turn system reminder entry (inlined for every page where the skill is active)"
		r.text = xgsReminder(s)
		r.budget = "spec: ~3–8 kB (≈0.7–2 K tokens) per turn for a 5–10 function skill"
	case model.FormatSkillMD:
		r.caption = "Catalog entry in <available_skills> (always in context)"
		r.text = catalogEntry(s, workDir)
		r.budget = fmt.Sprintf("spec: keep the body under %d lines / %s tokens", bodyBudgetLines, "5,000")
		if strings.TrimSpace(s.Body) != "" {
			r.hasBody = true
			body := sanitize.Display(s.Body)
			r.bodyTokens, r.bodyExact = countTokens(body)
			r.bodyLines = strings.Count(strings.TrimRight(body, "\n"), "\n") + 1
		}
	default:
		r.caption = "Tool definitions the agent is given"
		r.text = toolDefinitions(s)
	}
	r.evals = evalsSummary(s)
	r.text = sanitize.Display(r.text)
	r.bytes = len(r.text)
	r.tokens, r.exact = countTokens(r.text)
	switch s.Format {
	case model.FormatXGS:
		r.over = r.bytes > xgsBudgetBytes || r.tokens > xgsBudgetTokens
	case model.FormatSkillMD:
		r.over = r.bodyTokens > bodyBudgetTokens || r.bodyLines > bodyBudgetLines
	}
	return r
}

// xgsReminder writes a skill's entry the way the spec describes the
// reminder: each function's signature, invocation snippet and summary,
// its input/output JSON Schema inlined, and its examples — ★ first.
func xgsReminder(s *model.Skill) string {
	var b strings.Builder
	ns := s.Namespace
	if ns == "" {
		ns = s.Name
	}
	fmt.Fprintf(&b, "### %s (xgoose.skills.%s)", s.Name, ns)
	if s.Description != "" {
		fmt.Fprintf(&b, " — %s", s.Description)
	}
	b.WriteString("\n")
	for _, f := range primaryFirst(s.Functions) {
		mark := "-"
		if f.Primary {
			mark = "★"
		}
		sig := f.Signature
		if sig == "" {
			sig = f.Name + "(…)"
		}
		fmt.Fprintf(&b, "%s %s\n", mark, sig)
		if f.Invocation != "" {
			fmt.Fprintf(&b, "  %s\n", f.Invocation)
		}
		if f.Summary != "" {
			fmt.Fprintf(&b, "  %s\n", f.Summary)
		}
		if len(f.Input) > 0 {
			fmt.Fprintf(&b, "  input: %s\n", compactJSON(f.Input))
		}
		if len(f.Output) > 0 {
			fmt.Fprintf(&b, "  output: %s\n", compactJSON(f.Output))
		}
		if len(f.Examples) > 0 {
			ex, _ := json.Marshal(f.Examples)
			fmt.Fprintf(&b, "  examples: %s\n", compactJSON(ex))
		}
	}
	if len(s.Functions) == 0 {
		b.WriteString("(no functions found)\n")
	}
	return b.String()
}

// catalogEntry is the skill as listed in <available_skills>. The location
// is shown relative to the working folder; an agent is given the full path.
func catalogEntry(s *model.Skill, workDir string) string {
	var b strings.Builder
	b.WriteString("<skill>\n")
	fmt.Fprintf(&b, "<name>%s</name>\n", xmlText(s.Name))
	fmt.Fprintf(&b, "<description>%s</description>\n", xmlText(s.Description))
	fmt.Fprintf(&b, "<location>%s</location>\n", xmlText(displayPath(workDir, s.Location.Path(s.Location.File))))
	b.WriteString("</skill>\n")
	return b.String()
}

func xmlText(s string) string {
	var b bytes.Buffer
	_ = xmlEscape(&b, s)
	return b.String()
}

func xmlEscape(b *bytes.Buffer, s string) error {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	_, err := b.WriteString(r.Replace(s))
	return err
}

// toolDefinitions: an OS Loop skill's functions as tool definitions
// (name, description, input and output JSON Schema).
func toolDefinitions(s *model.Skill) string {
	type tool struct {
		Name         string          `json:"name"`
		Description  string          `json:"description"`
		InputSchema  json.RawMessage `json:"inputSchema,omitempty"`
		OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	}
	var tools []tool
	for _, f := range primaryFirst(s.Functions) {
		desc := f.Summary
		if desc == "" {
			desc = s.Description
		}
		name := f.Name
		if name == "execute" || name == "" {
			name = s.Name
		}
		tools = append(tools, tool{Name: name, Description: desc, InputSchema: validJSON(f.Input), OutputSchema: validJSON(f.Output)})
	}
	if len(tools) == 0 {
		tools = append(tools, tool{Name: s.Name, Description: s.Description})
	}
	out, _ := json.MarshalIndent(tools, "", "  ")
	return string(out) + "\n"
}

// validJSON drops a schema that is not valid JSON rather than fail.
func validJSON(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || !json.Valid(raw) {
		return nil
	}
	return raw
}

// agentTab shows the report.
type agentTab struct {
	scrollView
	entry  *Entry
	report *agentReport
	// agent is the listing profile the library section shows (an index
	// in listing.Profiles, stepped by CycleAgent); listing is its result
	// for the entry, rebuilt from Update whenever either changes.
	agent   int
	listing *agentListing
}

// newAgentTab starts on no agent (-1): the first relist picks the
// configured one, once the library is there to ask.
func newAgentTab(c *Common) *agentTab { return &agentTab{scrollView: newScrollView(c), agent: -1} }

// relist rebuilds the library section (from Update: it reads the library).
func (t *agentTab) relist() {
	t.listing = nil
	src, _ := t.c.Library.(listingSource)
	if t.agent < 0 {
		t.agent = agentStart(src)
	}
	if t.entry != nil && t.entry.Skill != nil {
		t.listing = buildAgentListing(src, t.entry.Skill, t.agent)
	}
}

func (t *agentTab) Title() string         { return "Agent" }
func (t *agentTab) Badge(*Entry) string   { return "" }
func (t *agentTab) BadgeWidth(*Entry) int { return 0 }
func (t *agentTab) Applies(e *Entry) bool { return true }

func (t *agentTab) SetSize(w, h int) { t.setSize(w, h); t.redraw(true) }

func (t *agentTab) SetEntry(e *Entry, same bool) tea.Cmd {
	t.entry = e
	if e == nil {
		return nil
	}
	t.relist()
	if t.report != nil && t.report.skill == e.Skill {
		t.redraw(true)
		return nil
	}
	if !same {
		t.report = nil
		t.setContent(t.c.Styles.Dim.Render(" Counting tokens"+glyphEllip), false)
	}
	return agentReportCmd(e, t.c.WorkDir)
}

func (t *agentTab) Update(msg tea.Msg) tea.Cmd {
	if msg, ok := msg.(agentReportMsg); ok {
		if t.entry != nil && msg.r.entryID == t.entry.ID && msg.r.skill == t.entry.Skill {
			keep := t.report != nil
			t.report = msg.r
			t.redraw(keep)
		}
		return nil
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, t.c.Keys.CycleAgent) {
		t.agent = (max(t.agent, 0) + 1) % len(listing.Profiles)
		t.relist()
		t.redraw(true)
		return nil
	}
	t.update(msg)
	return nil
}

func (t *agentTab) redraw(keep bool) {
	if t.report == nil || t.width <= 0 {
		return
	}
	t.setContent(t.render(), keep)
}

// render is the report and, below it, the library listing section.
func (t *agentTab) render() string {
	content := agentContent(t.c.Styles, t.report, t.width)
	if note := entryInContext(t.listing); note != "" {
		content += "\n" + indent(t.c.Styles.Warning.Render(wrap(note, max(t.width-2, 10))), " ")
	}
	if t.listing != nil {
		content += "\n\n" + agentListingContent(t.c.Styles, t.listing, t.width, t.c.Keys.CycleAgent.Help().Key)
	}
	return content
}

func (t *agentTab) View() string { return t.view() }
func (t *agentTab) ShortHelp() []key.Binding {
	return append(t.shortHelp(), t.c.Keys.CycleAgent)
}
func (t *agentTab) FullHelp() [][]key.Binding {
	return append(t.fullHelp(), []key.Binding{t.c.Keys.CycleAgent})
}

func agentContent(st *Styles, r *agentReport, width int) string {
	var b strings.Builder
	approx := func(exact bool) string {
		if exact {
			return ""
		}
		return "≈"
	}
	cost := fmt.Sprintf("%s · %s%s tokens", humanBytes(r.bytes), approx(r.exact), groupThousands(r.tokens))
	costStyle := st.Bold
	if r.over && r.skill.Format == model.FormatXGS {
		costStyle = st.Over
	}
	b.WriteString(indent(st.Heading.Render(wrap(r.caption, max(width-2, 10))), " ") + "\n")
	b.WriteString(" " + costStyle.Render(cost))
	if r.over && r.skill.Format == model.FormatXGS {
		b.WriteString("  " + st.Error.Render("over budget"))
	}
	b.WriteString("\n")
	if r.hasBody {
		body := fmt.Sprintf("Body, loaded when the skill triggers: %s lines · %s%s tokens", groupThousands(r.bodyLines), approx(r.bodyExact), groupThousands(r.bodyTokens))
		if r.over {
			b.WriteString(" " + st.Over.Render(body) + "  " + st.Error.Render("over budget") + "\n")
		} else {
			b.WriteString(" " + st.Row.Render(body) + "\n")
		}
	}
	if r.budget != "" {
		b.WriteString(indent(st.Dim.Render(wrap(r.budget, max(width-2, 10))), " ") + "\n")
	}
	if r.evals != "" {
		// Wrapped: a summary naming files not read runs past a narrow pane.
		b.WriteString(indent(st.Row.Render(wrap(r.evals, max(width-2, 10))), " ") + "\n")
	}
	b.WriteString("\n")
	inner := max(width-4, 10)
	for _, l := range strings.Split(strings.TrimRight(r.text, "\n"), "\n") {
		for _, wl := range strings.Split(wrap(l, inner), "\n") {
			b.WriteString(st.Dim.Render(" │ ") + st.Code.Render(wl) + "\n")
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// entryInContext says how much of the catalog entry above the selected
// agent really keeps in context, when not all of it ("" when it lists the
// whole description, or lists no SKILL.md skills).
func entryInContext(a *agentListing) string {
	if a != nil && a.notRead != "" {
		return fmt.Sprintf("%s does not load skills from %s/skills: none of the entry above is in its context.", a.listing.Profile().Name, a.notRead)
	}
	if a == nil || a.mine < 0 {
		return ""
	}
	e := a.listing.Skills[a.mine]
	agent := a.listing.Profile().Name
	switch e.State {
	case listing.StateTruncated:
		why := "the listing budget ran out"
		if e.Reason == "cap" {
			why = "its per-skill cap"
		}
		return fmt.Sprintf("%s keeps only the first %s of the %s characters of this description (%s); the rest is not in context.",
			agent, groupThousands(e.CutAt), groupThousands(e.DescChars), why)
	case listing.StateNameOnly:
		return fmt.Sprintf("%s lists this skill by name only (the listing budget ran out): the description above is not in context.", agent)
	case listing.StateOmitted:
		if e.Reason == "budget" {
			return fmt.Sprintf("%s leaves this skill out of the listing (the budget ran out): none of the entry above is in context.", agent)
		}
		return fmt.Sprintf("%s does not list this skill (disable-model-invocation): none of the entry above is in context; only the user can invoke it.", agent)
	}
	return ""
}

// groupThousands prints 12345 as 12,345.
func groupThousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 || len(s) <= 3 {
		return s
	}
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}
