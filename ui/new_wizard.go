package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"charm.land/bubbles/v2/cursor"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
	"github.com/skillstudio/skillstudio/templates"
)

// The new-skill wizard: `skillstudio new` and the studio's `n` run this
// one model. It is a huh.Form inside our own model, in two stages — pick
// a template, then fill in the values — with a panel beside the form that
// shows the files it will write (rendered in a command, never in Update)
// and each value's verdict from the linter's own validators as you type.

// NewSkillRequest is what the wizard starts from: values already known
// (from flags) are filled in, and a fixed format or template is not asked.
type NewSkillRequest struct {
	// Format, when set, limits the choice to that format's templates.
	Format model.Format
	// Template, with Format, skips the template choice.
	Template string
	Values   templates.Values
	// Dir is where to write (see templates.Prepare); "" means the
	// suggestion for the name. A relative Dir is relative to Base.
	Dir string
	// Base is the folder the skill is made in (the working folder).
	Base string
	// UserTemplates is the user template folder ("" = none).
	UserTemplates string
}

// NewSkillWrittenMsg says a new skill was written: the studio selects and
// opens it as soon as it has been read.
type NewSkillWrittenMsg struct {
	Plan *templates.Plan
}

type wizardStage int

const (
	stageTemplate wizardStage = iota
	stageValues
)

// wizardInput holds what the form's fields write into.
type wizardInput struct {
	choice                                   string // "format/template"
	name, desc, ns, matches, author, version string
	dir                                      string
	with                                     []string
	confirm                                  bool
}

// preview is the latest rendering of the plan for the values typed.
type preview struct {
	gen  int
	key  string
	plan *templates.Plan
	err  error
}

type previewMsg struct {
	id, gen int
	plan    *templates.Plan
	err     error
}

type wizardWriteMsg struct {
	id   int
	plan *templates.Plan
	err  error
}

// wizardIDs tells two wizards' messages apart (the studio may open one
// after another while an old preview command is still running). Atomic:
// the tests run studios side by side.
var wizardIDs atomic.Int64

type newSkillWizard struct {
	c    *Common
	req  NewSkillRequest
	id   int
	w, h int
	// sizedFor is what the form's heights were last measured with (see
	// refreshHints).
	sizedFor string

	stage     wizardStage
	form      *huh.Form
	templates []*templates.Template
	tmpl      *templates.Template
	in        wizardInput

	nameIn, descIn, nsIn, matchIn, authorIn, versionIn, dirIn *huh.Input
	// templateSel is the template picker, relabelled to each width.
	templateSel *huh.Select[string]

	prev    preview
	writing bool
	failure string // the last write's error, shown above the form
	// done is set when the wizard has finished: written (plan set) or
	// cancelled (plan nil).
	done    bool
	written *templates.Plan
	// standalone: `skillstudio new` runs the wizard as its own program,
	// which quits when done; in the studio it closes the screen instead.
	standalone bool
	// ta holds keys typed while huh moves the focus (new_typeahead.go).
	ta typeahead
}

func newWizard(c *Common, req NewSkillRequest) *newSkillWizard {
	s := &newSkillWizard{c: c, req: req, id: int(wizardIDs.Add(1))}
	v := req.Values
	s.in = wizardInput{
		name: v.Name, desc: v.Description, ns: v.Namespace, matches: strings.Join(v.Matches, " "),
		author: v.Author, version: v.Version, dir: req.Dir, with: v.With,
	}
	formats := model.Formats
	if req.Format != "" {
		formats = []model.Format{req.Format}
	}
	for _, f := range formats {
		ts, _ := templates.List(f, req.UserTemplates)
		s.templates = append(s.templates, ts...)
	}
	if req.Format != "" && req.Template != "" {
		for _, t := range s.templates {
			if t.Name == req.Template {
				s.tmpl = t
			}
		}
	}
	if s.tmpl == nil && len(s.templates) == 1 {
		s.tmpl = s.templates[0]
	}
	if s.tmpl != nil {
		s.stage = stageValues
		s.form = s.valuesForm()
	} else {
		s.stage = stageTemplate
		s.form = s.templateForm()
	}
	return s
}

// theme gives huh the studio's palette, read at draw time so a theme
// change (the terminal's background answer) reaches the form too.
func (s *newSkillWizard) theme() huh.Theme {
	return huh.ThemeFunc(func(bool) *huh.Styles {
		if s.c.Theme.NoColor {
			return huh.ThemeBase(s.c.Theme.Dark)
		}
		return huh.ThemeCharm(s.c.Theme.Dark)
	})
}

func (s *newSkillWizard) finishForm(f *huh.Form) *huh.Form {
	f = f.WithTheme(s.theme()).WithShowHelp(true)
	if s.w > 0 {
		f = s.sizeForm(f)
	}
	return f
}

// sizeForm fits f to the room it has. huh's Group.View puts a blank line
// above its footer (the keys, or why enter did not move on) that
// Group.WithHeight does not count, and measures the footer only when
// sized: the form gets one line less, and is sized again whenever the
// footer may have changed, so the footer is never cut off.
func (s *newSkillWizard) sizeForm(f *huh.Form) *huh.Form {
	return f.WithWidth(s.formWidth()).WithHeight(s.formHeight() - 1)
}

func (s *newSkillWizard) templateForm() *huh.Form {
	opts := s.templateOptions()
	if s.in.choice == "" && len(opts) > 0 {
		s.in.choice = opts[0].Value
	}
	s.templateSel = huh.NewSelect[string]().
		Title("What kind of skill?").
		Description("Every template writes a skill the linter finds nothing wrong with.").
		Options(opts...).
		Value(&s.in.choice)
	return s.finishForm(huh.NewForm(huh.NewGroup(s.templateSel)))
}

// templateOptions labels each template with its format, name and
// description, one line each: the description is cut with an ellipsis
// to the form's width rather than wrapped under the format column.
func (s *newSkillWizard) templateOptions() []huh.Option[string] {
	// The form's left border and the select's cursor take 4 cells.
	width := s.formWidth() - 4
	var opts []huh.Option[string]
	for _, t := range s.templates {
		label := fmt.Sprintf("%-8s %-12s %s", t.Format.Label(), t.Name, sanitize.Line(t.Description))
		if s.w > 0 {
			label = ansi.Truncate(label, max(width, 24), glyphEllip)
		}
		opts = append(opts, huh.NewOption(label, string(t.Format)+"/"+t.Name))
	}
	return opts
}

func (s *newSkillWizard) valuesForm() *huh.Form {
	f := s.tmpl.Format
	required := func(field string) bool {
		for _, r := range templates.Required(f) {
			if r == field {
				return true
			}
		}
		return false
	}
	s.nameIn = huh.NewInput().Title("Name").Value(&s.in.name).CharLimit(64).
		Validate(func(v string) error { return templates.ValidateName(f, strings.TrimSpace(v)) })
	s.descIn = huh.NewInput().Title("Description").Value(&s.in.desc).CharLimit(1024).
		Validate(func(v string) error { return templates.ValidateDescription(f, strings.TrimSpace(v)) })
	fields := []huh.Field{s.nameIn, s.descIn}
	if f == model.FormatXGS {
		s.nsIn = huh.NewInput().Title("Namespace").Value(&s.in.ns).
			Validate(func(v string) error {
				if strings.TrimSpace(v) == "" {
					return nil // the suggestion is used
				}
				return templates.ValidateNamespace(strings.TrimSpace(v))
			})
		s.matchIn = huh.NewInput().Title("Match patterns").Value(&s.in.matches).
			Validate(validateMatches)
		fields = append(fields, s.nsIn, s.matchIn)
	}
	authorTitle := "Author"
	if !required(templates.FieldAuthor) {
		authorTitle += " (optional)"
	}
	s.authorIn = huh.NewInput().Title(authorTitle).Value(&s.in.author).
		Validate(func(v string) error {
			if required(templates.FieldAuthor) && strings.TrimSpace(v) == "" {
				return fmt.Errorf("an author is required for %s", f.Label())
			}
			return templates.ValidateAuthor(v)
		})
	s.versionIn = huh.NewInput().Title("Version").Value(&s.in.version).Placeholder(templates.DefaultVersion).
		Validate(func(v string) error {
			if strings.TrimSpace(v) == "" {
				return nil
			}
			return templates.ValidateVersion(f, strings.TrimSpace(v))
		})
	dirTitle := "Folder"
	if f == model.FormatXGS {
		dirTitle = "Folder for the .xgs.js file"
	}
	s.dirIn = huh.NewInput().Title(dirTitle).Value(&s.in.dir).Validate(s.validateTarget)
	fields = append(fields, s.authorIn, s.versionIn, s.dirIn)
	if len(s.tmpl.Optional) > 0 {
		var opts []huh.Option[string]
		for _, p := range s.tmpl.Optional {
			opts = append(opts, huh.NewOption(p+"/", p).Selected(containsString(s.in.with, p)))
		}
		// An explicit height: huh sizes the list before a theme is set
		// and would show one option.
		fields = append(fields, huh.NewMultiSelect[string]().Title("Optional parts").
			Description("space or x toggles").Options(opts...).Height(len(opts)+2).Value(&s.in.with))
	}
	s.in.confirm = true
	confirm := huh.NewConfirm().Title("Create it?").Affirmative("Create").Negative("Cancel").Value(&s.in.confirm)
	s.refreshHints()
	return s.finishForm(huh.NewForm(huh.NewGroup(fields...), huh.NewGroup(confirm)))
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func validateMatches(v string) error {
	pats := strings.Fields(v)
	if len(pats) == 0 {
		return fmt.Errorf("at least one @match pattern is required, e.g. *://*.example.com/*")
	}
	for _, p := range pats {
		if err := templates.ValidateMatch(p); err != nil {
			return err
		}
	}
	return nil
}

// validateTarget checks the whole plan when the folder is confirmed: the
// target must not exist, a SKILL.md or OS Loop folder must be named after
// the skill, an OS Loop index must be readable.
func (s *newSkillWizard) validateTarget(string) error {
	_, err := templates.Prepare(s.tmpl, s.values(), s.targetDir())
	if fe, ok := err.(*templates.FieldError); ok && fe.Field != templates.FieldDir {
		// Another field's problem is that field's to report, except a
		// name that is taken.
		if fe.Err == nil || !strings.Contains(fe.Err.Error(), "exists") && !strings.Contains(fe.Err.Error(), "already lists") {
			return nil
		}
	}
	return err
}

// takenTarget is the file or folder the current name would be written to
// when it already exists ("" otherwise, or while the name is not valid).
func (s *newSkillWizard) takenTarget() string {
	name := strings.TrimSpace(s.in.name)
	if name == "" || templates.ValidateName(s.tmpl.Format, name) != nil {
		return ""
	}
	target := s.targetDir()
	if s.tmpl.Format == model.FormatXGS {
		target = filepath.Join(target, name+".xgs.js")
	} else if filepath.Base(target) != name {
		return "" // the folder step says the folder must be named after the skill
	}
	if _, err := os.Lstat(target); err != nil {
		return ""
	}
	return target
}

// values are the form's values as templates takes them.
func (s *newSkillWizard) values() templates.Values {
	return templates.Values{
		Name: s.in.name, Description: s.in.desc, Namespace: s.in.ns, Matches: strings.Fields(s.in.matches),
		Author: s.in.author, Version: s.in.version, With: append([]string(nil), s.in.with...),
	}
}

func (s *newSkillWizard) base() string {
	if s.req.Base != "" {
		return s.req.Base
	}
	return s.c.WorkDir
}

// suggestedDir is the folder the name suggests, relative to the base.
func (s *newSkillWizard) suggestedDir() string {
	name := strings.TrimSpace(s.in.name)
	if name == "" {
		name = "NAME"
	}
	return templates.SuggestDir(s.tmpl.Format, name, s.base())
}

// targetDir is the folder to write into, absolute.
func (s *newSkillWizard) targetDir() string {
	d := strings.TrimSpace(s.in.dir)
	if d == "" {
		d = s.suggestedDir()
	}
	if !filepath.IsAbs(d) {
		d = filepath.Join(s.base(), d)
	}
	return d
}

// refreshHints updates suggestions and each field's verdict after every
// change: placeholders show what an empty field becomes, descriptions say
// what the linter would say about the value typed so far.
func (s *newSkillWizard) refreshHints() {
	if s.stage != stageValues || s.nameIn == nil {
		return
	}
	f := s.tmpl.Format
	width := max(s.formWidth()-4, 10)
	// verdict describes in: its hint, or what the linter says of the
	// value; required fields (whose validator refuses them empty, so
	// enter does not move on) say so before enter is pressed.
	// heights names what can change the fields' and the footer's heights:
	// the wrapped errors. The form is sized again only when it changes.
	var heights strings.Builder
	verdict := func(in *huh.Input, value, hint string, err error, required bool) {
		text := hint
		switch empty := strings.TrimSpace(value) == ""; {
		case empty && required:
			text = "required · " + hint
		case empty:
		case err != nil:
			// The whole reason, wrapped by huh: its end is the fix.
			in.Description(sanitize.Line("✗ " + err.Error()))
			heights.WriteString(err.Error() + "\x00")
			return
		default:
			text = "✓ " + hint
		}
		in.Description(ansi.Truncate(sanitize.Line(text), width, "…"))
	}
	name := strings.TrimSpace(s.in.name)
	verdict(s.nameIn, s.in.name, "kebab-case: lowercase letters, digits, single hyphens", templates.ValidateName(f, name), true)
	if taken := s.takenTarget(); taken != "" {
		// Said now, not after five more fields: the folder step refuses it.
		msg := "⚠ " + displayPath(s.c.WorkDir, taken) + " exists: choose another name, or another folder below (nothing is overwritten)"
		s.nameIn.Description(sanitize.Line(msg))
		heights.WriteString(msg + "\x00")
	}
	verdict(s.descIn, s.in.desc, "one line: what it does and when to use it", templates.ValidateDescription(f, strings.TrimSpace(s.in.desc)), true)
	if s.nsIn != nil {
		suggestion := templates.SuggestNamespace(name)
		if suggestion == "" {
			suggestion = "myNamespace"
		}
		s.nsIn.Placeholder(suggestion)
		verdict(s.nsIn, s.in.ns, "a JS identifier; empty: "+suggestion, templates.ValidateNamespace(strings.TrimSpace(s.in.ns)), false)
		// An example, not a default: the field stays empty (and required)
		// until something is typed, so the placeholder must not read as
		// a value enter would accept.
		s.matchIn.Placeholder("e.g. *://*.example.com/*")
		verdict(s.matchIn, s.in.matches, "Chrome match patterns, space-separated", validateMatches(s.in.matches), true)
	}
	verdict(s.authorIn, s.in.author, "one line", templates.ValidateAuthor(s.in.author), slices.Contains(templates.Required(f), templates.FieldAuthor))
	verdict(s.versionIn, s.in.version, "semver MAJOR.MINOR.PATCH", templates.ValidateVersion(f, strings.TrimSpace(s.in.version)), false)
	s.dirIn.Placeholder(s.suggestedDir())
	where := displayPath(s.c.WorkDir, s.base())
	if where == "." {
		where = "the working folder"
	}
	s.dirIn.Description(ansi.Truncate(sanitize.Line("relative to "+where), width, "…"))
	// The group draws its fields once per update, before these changes:
	// a no-op message makes it draw them again now. A verdict or an error
	// in the footer may have changed their heights: size the form again.
	if s.form != nil && s.form.State == huh.StateNormal {
		for _, err := range s.form.Errors() {
			heights.WriteString(err.Error() + "\x00")
		}
		if sig := heights.String(); s.w > 0 && sig != s.sizedFor {
			s.sizedFor = sig
			s.form = s.sizeForm(s.form)
		}
		m, _ := s.form.Update(redrawMsg{})
		s.form = m.(*huh.Form)
	}
}

// redrawMsg is a no-op message that makes the form redraw its fields.
type redrawMsg struct{}

// Init starts the form and the first preview.
func (s *newSkillWizard) Init() tea.Cmd {
	return tea.Batch(s.form.Init(), s.previewCmd())
}

// previewCmd renders the plan for the current values in a command, when
// they changed since the last one.
func (s *newSkillWizard) previewCmd() tea.Cmd {
	if s.stage != stageValues {
		return nil
	}
	v := s.values()
	dir := s.targetDir()
	key := fmt.Sprintf("%q|%q|%q|%q|%q|%q|%q|%q", v.Name, v.Description, v.Namespace, v.Matches, v.Author, v.Version, v.With, dir)
	if key == s.prev.key {
		return nil
	}
	s.prev.key = key
	s.prev.gen++
	id, gen, tmpl := s.id, s.prev.gen, s.tmpl
	return func() tea.Msg {
		plan, err := templates.Prepare(tmpl, v, dir)
		return previewMsg{id: id, gen: gen, plan: plan, err: err}
	}
}

func (s *newSkillWizard) writeCmd() tea.Cmd {
	id, tmpl, v, dir := s.id, s.tmpl, s.values(), s.targetDir()
	return func() tea.Msg {
		plan, err := templates.Prepare(tmpl, v, dir)
		if err == nil {
			err = plan.Write()
		}
		return wizardWriteMsg{id: id, plan: plan, err: err}
	}
}

// Update handles a message; it returns fast (rendering and writing run in
// commands).
func (s *newSkillWizard) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case previewMsg:
		if msg.id == s.id && msg.gen == s.prev.gen {
			s.prev.plan, s.prev.err = msg.plan, msg.err
		}
		return nil
	case wizardWriteMsg:
		if msg.id != s.id {
			return nil
		}
		s.writing = false
		if msg.err != nil {
			// Back to the form, values kept, with the reason on top.
			s.failure = "Nothing was written: " + msg.err.Error()
			s.form = s.valuesForm()
			s.prev.key = ""
			return tea.Batch(s.form.Init(), s.previewCmd())
		}
		return s.finish(msg.plan)
	case tea.WindowSizeMsg:
		s.SetSize(msg.Width, msg.Height)
		return nil
	case cursor.BlinkMsg:
		// A steady cursor, as in the library's filter: blinking costs a
		// redraw twice a second and makes frames differ for no reason.
		return nil
	case typeaheadReleaseMsg:
		if msg.id != s.id || msg.gen != s.ta.gen || !s.ta.holding {
			return nil
		}
		return s.onTimeLimit()
	case tea.KeyPressMsg:
		if s.writing {
			return nil
		}
		if s.ta.holding {
			s.ta.keys = append(s.ta.keys, msg)
			return nil
		}
		if key.Matches(msg, s.c.Keys.Back) {
			return s.finish(nil)
		}
	}
	if s.done || s.writing {
		return nil
	}
	field, form := s.form.GetFocusedField(), s.form
	cmd := s.updateForm(msg)
	if k, ok := msg.(tea.KeyPressMsg); ok {
		return tea.Batch(cmd, s.holdIfMoving(k, field, form))
	}
	if s.ta.holding && s.moved() {
		return tea.Batch(cmd, s.release())
	}
	return cmd
}

// updateForm hands msg to the form and moves on when it is done.
func (s *newSkillWizard) updateForm(msg tea.Msg) tea.Cmd {
	m, cmd := s.form.Update(msg)
	s.form = m.(*huh.Form)
	switch s.form.State {
	case huh.StateAborted:
		return s.finish(nil)
	case huh.StateCompleted:
		return tea.Batch(cmd, s.completed())
	}
	s.refreshHints()
	return tea.Batch(cmd, s.previewCmd())
}

// completed moves on when a stage's form is submitted.
func (s *newSkillWizard) completed() tea.Cmd {
	switch s.stage {
	case stageTemplate:
		for _, t := range s.templates {
			if string(t.Format)+"/"+t.Name == s.in.choice {
				s.tmpl = t
			}
		}
		if s.tmpl == nil {
			return s.finish(nil)
		}
		s.stage = stageValues
		s.form = s.valuesForm()
		s.SetSize(s.w, s.h) // the values form shares the width with the preview
		return tea.Batch(s.form.Init(), s.previewCmd())
	default:
		if !s.in.confirm {
			return s.finish(nil)
		}
		s.writing = true
		s.failure = ""
		return s.writeCmd()
	}
}

// finish ends the wizard: written (plan) or cancelled (nil).
func (s *newSkillWizard) finish(plan *templates.Plan) tea.Cmd {
	s.done, s.written = true, plan
	if s.standalone {
		return tea.Quit
	}
	if plan == nil {
		return func() tea.Msg { return CloseScreenMsg{} }
	}
	return tea.Batch(
		func() tea.Msg { return CloseScreenMsg{} },
		func() tea.Msg { return NewSkillWrittenMsg{Plan: plan} },
	)
}

// SetSize is the room the wizard has.
func (s *newSkillWizard) SetSize(w, h int) {
	s.w, s.h = w, h
	if s.stage == stageTemplate && s.templateSel != nil {
		s.templateSel.Options(s.templateOptions()...)
	}
	s.form = s.sizeForm(s.form)
	s.refreshHints()
}

// sideBySide: the preview goes beside the form when there is room.
func (s *newSkillWizard) sideBySide() bool { return s.w >= 100 }

func (s *newSkillWizard) formWidth() int {
	if s.sideBySide() && s.stage == stageValues {
		return min(s.w*11/20, 80)
	}
	return max(s.w-2, 20)
}

func (s *newSkillWizard) formHeight() int {
	h := s.h - 3 // header, failure line, spacing
	if !s.sideBySide() {
		h -= 8 // the preview below
	}
	return max(h, 6)
}

// View draws the header, the form and the preview.
func (s *newSkillWizard) View() string {
	st := s.c.Styles
	title := "New skill"
	if s.tmpl != nil {
		title += " · " + s.tmpl.Format.Label() + " · " + s.tmpl.Name
	}
	header := " " + st.Heading.Render(title)
	if s.tmpl != nil {
		header += st.Dim.Render("  " + sanitize.Line(s.tmpl.Description))
	}
	// How to leave, on every stage: huh's footer names only its own keys,
	// and the studio's help bar is not drawn under a screen.
	back := s.c.Keys.Back.Help().Key + " cancel "
	lines := []string{spread(fit(header, max(s.w-ansi.StringWidth(back)-1, 1)), st.Dim.Render(back), s.w)}
	switch {
	case s.writing:
		lines = append(lines, " "+st.StatusNotice.Render("Writing…"))
	case s.failure != "":
		lines = append(lines, " "+st.Error.Render(fit(sanitize.Line(s.failure), max(s.w-2, 1))))
	default:
		lines = append(lines, "")
	}
	form := s.form.View()
	if s.stage != stageValues {
		return strings.Join(append(lines, form), "\n")
	}
	if s.sideBySide() {
		pw := s.w - s.formWidth() - 3
		side := lipgloss.NewStyle().Width(pw).MaxWidth(pw).Render(s.previewView(pw))
		body := lipgloss.JoinHorizontal(lipgloss.Top, fitLines(form, s.formWidth(), s.formHeight()), "   ", side)
		return strings.Join(append(lines, body), "\n")
	}
	return strings.Join(append(lines, fitLines(form, s.w, s.formHeight()), "", s.previewView(s.w)), "\n")
}

// previewView lists what will be written, or why it cannot be.
func (s *newSkillWizard) previewView(width int) string {
	st := s.c.Styles
	var b strings.Builder
	b.WriteString(st.Bold.Render("Will write") + "\n")
	switch {
	case s.prev.err != nil:
		msg := s.prev.err.Error()
		var fe *templates.FieldError
		if errors.As(s.prev.err, &fe) && errors.Is(fe.Err, templates.ErrMissing) {
			field := fe.Field
			if field == templates.FieldMatch {
				field = "match patterns" // as the form titles it
			}
			msg = "Fill in the " + field + " to see the files."
		}
		b.WriteString(st.Warning.Render(wrap(sanitize.Line(msg), max(width-2, 10))) + "\n")
	case s.prev.plan != nil:
		show := func(p string) string { return sanitize.Line(displayPath(s.c.WorkDir, p)) }
		for i, f := range s.prev.plan.Files {
			line := fmt.Sprintf("  %s %s", show(filepath.Join(s.prev.plan.Root, filepath.FromSlash(f.Path))), st.Dim.Render(humanBytes(len(f.Data))))
			b.WriteString(fit(line, width) + "\n")
			if i == 11 && len(s.prev.plan.Files) > 13 {
				b.WriteString(st.Dim.Render(fmt.Sprintf("  … %d more", len(s.prev.plan.Files)-12)) + "\n")
				break
			}
		}
		if ix := s.prev.plan.Index; ix != nil {
			b.WriteString(fit("  "+show(ix.Path)+st.Dim.Render(" + entry "+sanitize.Line(ix.Entry)), width) + "\n")
		}
		b.WriteString("\n" + st.Bold.Render("Then") + "\n")
		for _, step := range s.prev.plan.NextSteps(show) {
			// Wrapped, not cut: a step is a command to copy.
			b.WriteString(indent(st.Code.Render(wrap(step, max(width-2, 10))), "  ") + "\n")
		}
	default:
		b.WriteString(st.Dim.Render("  …") + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// ShortHelp: the form draws its own key help; the screen adds cancel.
func (s *newSkillWizard) ShortHelp() []key.Binding {
	cancel := key.NewBinding(key.WithKeys(s.c.Keys.Back.Keys()...), key.WithHelp(s.c.Keys.Back.Help().Key, "cancel"))
	return []key.Binding{cancel}
}

func (s *newSkillWizard) FullHelp() [][]key.Binding { return [][]key.Binding{s.ShortHelp()} }
