package skillmd

import (
	"fmt"
	"github.com/skillstudio/skillstudio/internal/suggest"
	"slices"
	"sort"
	"strings"

	"github.com/skillstudio/skillstudio/model"
	"gopkg.in/yaml.v3"
)

// fieldSpec is one known top-level frontmatter field: the layer that
// defines it, the profiles that know it (profile all knows every field),
// and its check.
type fieldSpec struct {
	layer    string
	profiles []model.Profile
	check    func(c *checker, key, val *yaml.Node)
}

var (
	openStandard = []model.Profile{model.ProfileAgentSkills, model.ProfileClaudeCode, model.ProfileSkillli, model.ProfileCodex}
	claudeFields = []model.Profile{model.ProfileClaudeCode, model.ProfileSkillli}
	skillliOnly  = []model.Profile{model.ProfileSkillli}
	// No profile but all holds OpenHands' extensions: OpenHands has no
	// profile of its own, and its docs say other agents ignore them.
	openHandsOnly []model.Profile
)

// openHandsLayer names the layer of OpenHands' extension fields, which
// another profile reports as advice, not as a field of another agent.
const openHandsLayer = "OpenHands"

// rooLayer names Roo Code's extension field, reported like OpenHands':
// Roo Code has no profile of its own and other agents ignore the field.
const rooLayer = "Roo Code"

// extensionField names, per extension layer, whose field it is and what
// it does, for the message another profile gives.
var extensionField = map[string]string{
	openHandsLayer: "an OpenHands field (keyword triggers and task inputs)",
	rooLayer:       "a Roo Code field (the modes a skill is offered in)",
}

// fieldSpecs is every frontmatter field some agent defines. Codex reads
// only the open-standard fields from SKILL.md (its UI metadata lives in
// agents/openai.yaml, see codex.go).
var fieldSpecs map[string]fieldSpec

func init() {
	fieldSpecs = map[string]fieldSpec{
		// Layer 1: the Agent Skills open standard.
		"name":          {"the open standard", openStandard, (*checker).checkName},
		"description":   {"the open standard", openStandard, (*checker).checkDescription},
		"license":       {"the open standard", openStandard, (*checker).checkString},
		"compatibility": {"the open standard", openStandard, (*checker).checkCompatibility},
		"allowed-tools": {"the open standard", openStandard, (*checker).checkStringOrList},
		"metadata":      {"the open standard", openStandard, (*checker).checkMetadata},

		// Layer 2: Claude Code (code.claude.com/docs/en/skills, frontmatter
		// reference, checked 2026-11-23).
		"when_to_use":              {"Claude Code", claudeFields, (*checker).checkString},
		"disallowed-tools":         {"Claude Code", claudeFields, (*checker).checkStringOrList},
		"arguments":                {"Claude Code", claudeFields, (*checker).checkStringOrList},
		"argument-hint":            {"Claude Code", claudeFields, (*checker).checkString},
		"disable-model-invocation": {"Claude Code", claudeFields, (*checker).checkBool},
		"user-invocable":           {"Claude Code", claudeFields, (*checker).checkBool},
		"mode":                     {"Claude Code", claudeFields, (*checker).checkBool},
		"context":                  {"Claude Code", claudeFields, enumCheck("fork")},
		"agent":                    {"Claude Code", claudeFields, (*checker).checkString},
		// background: Claude Code 2.1.218 runs a context: fork skill in the
		// background unless it says background: false (skills docs).
		"background": {"Claude Code", claudeFields, (*checker).checkBool},
		"model":      {"Claude Code", claudeFields, (*checker).checkString},
		"effort":     {"Claude Code", claudeFields, enumCheck("low", "medium", "high", "xhigh", "max")},
		"shell":      {"Claude Code", claudeFields, enumCheck("bash", "powershell")},
		"paths":      {"Claude Code", claudeFields, (*checker).checkStringOrList},
		"hooks":      {"Claude Code", claudeFields, (*checker).checkHooks},

		// Layer 3: skillli registry fields (also accepted inside metadata).
		"version":             {"skillli", skillliOnly, (*checker).checkVersion},
		"author":              {"skillli", skillliOnly, (*checker).checkString},
		"tags":                {"skillli", skillliOnly, (*checker).checkTags},
		"category":            {"skillli", skillliOnly, (*checker).checkCategory},
		"trust-level":         {"skillli", skillliOnly, (*checker).checkTrustLevel},
		"repository":          {"skillli", skillliOnly, (*checker).checkURL},
		"homepage":            {"skillli", skillliOnly, (*checker).checkURL},
		"min-skillli-version": {"skillli", skillliOnly, (*checker).checkString},
		"checksum":            {"skillli", skillliOnly, (*checker).checkString},

		// OpenHands' extensions of the open standard (docs.openhands.dev
		// overview/skills/keyword; software-agent-sdk Skill.load, which
		// rejects the skill, and with it the folder's other skills, when
		// triggers or inputs is not a list or mcp_tools not a mapping).
		"triggers":  {openHandsLayer, openHandsOnly, (*checker).checkOpenHandsList},
		"inputs":    {openHandsLayer, openHandsOnly, (*checker).checkOpenHandsList},
		"mcp_tools": {openHandsLayer, openHandsOnly, (*checker).checkOpenHandsMapping},

		// Roo Code (its SkillsManager, looked up 2026-11-25): modeSlugs
		// limits a skill to some modes; only a list is read, anything else
		// leaves the skill in every mode.
		"modeSlugs": {rooLayer, openHandsOnly, (*checker).checkRooModeSlugs},

		// Layer 4: quiz blocks (checked by checkQuiz).
		"quiz": {"skillli", skillliOnly, func(*checker, *yaml.Node, *yaml.Node) {}},
	}
}

// skillliFields may sit at the top level or inside metadata; the top level
// wins.
var skillliFields = []string{"version", "author", "tags", "category", "trust-level", "repository", "homepage", "min-skillli-version", "checksum"}

// knows says whether profile p accepts field name.
func knows(p model.Profile, name string) bool {
	spec, ok := fieldSpecs[name]
	if !ok {
		return false
	}
	return p == model.ProfileAll || slices.Contains(spec.profiles, p)
}

// checkFrontmatter runs every field check the profile asks for, reports
// unknown fields and fills the skill's identity from the frontmatter.
func (c *checker) checkFrontmatter() {
	fm := c.doc.Frontmatter
	if fm.Node == nil {
		return // the frontmatter finding already says why
	}
	mapPairs(fm.Node, func(k, v *yaml.Node) {
		if compositeKey(k) {
			return // not a field name: the frontmatter finding names it
		}
		if knows(c.profile, k.Value) {
			fieldSpecs[k.Value].check(c, k, v)
			return
		}
		c.reportUnknown(k)
	})
	opening := &yaml.Node{Line: 0, Column: 1}
	if c.doc.Field("name") == nil && !hasKey(fm.Node, "name") {
		if mergedIn(fm.Node, "name") {
			c.claudeCodeFallback(c.at(opening, "skillmd/name", mergedOnlyMessage("name"), "Write name: out in the frontmatter itself."), fallbackName)
		} else if k := caseFolded(fm.Node, "name"); k != "" {
			c.claudeCodeFallback(c.at(opening, "skillmd/name", "the frontmatter has no name field ("+k+": is not name:, keys are case-sensitive)", "Write the key in lower case: name:"), fallbackName)
		} else {
			c.claudeCodeFallback(c.at(opening, "skillmd/name", "the frontmatter has no name field", c.addNameHint()), fallbackName)
		}
	}
	if !hasKey(fm.Node, "description") {
		if mergedIn(fm.Node, "description") {
			c.claudeCodeFallback(c.at(opening, "skillmd/description", mergedOnlyMessage("description"), "Write description: out in the frontmatter itself."), fallbackDescription)
		} else if k := caseFolded(fm.Node, "description"); k != "" {
			c.claudeCodeFallback(c.at(opening, "skillmd/description", "the frontmatter has no description field ("+k+": is not description:, keys are case-sensitive)",
				"Write the key in lower case: description:"), fallbackDescription)
		} else {
			c.claudeCodeFallback(c.at(opening, "skillmd/description", "the frontmatter has no description field",
				"Add description: saying what the skill does and when to use it."), fallbackDescription)
		}
	}
	c.checkForkOnly()
	// metadata is free string→string in the open standard (its own example
	// is version: "1.0"); only skillli gives some of its keys a meaning, so
	// they are checked under the skillli profile, or under profile all when
	// the skill uses skillli fields at the top level.
	if c.profile == model.ProfileSkillli || (c.profile == model.ProfileAll && c.usesSkillli()) {
		c.checkMetadataSkillli()
	}
	c.fillIdentity()
}

// forkOnlyFields say how a forked skill runs (which subagent, in the
// background or not); Claude Code reads them only when context is fork.
var forkOnlyFields = []string{"agent", "background"}

// checkForkOnly reports a fork-only field without context: fork. Advice,
// not a spec break: the spec defines agent only for a forked skill and
// Claude Code ignores it otherwise, so the skill loads and runs inline.
func (c *checker) checkForkOnly() {
	if scalarText(c.doc.Field("context")) == "fork" {
		return
	}
	for _, name := range forkOnlyFields {
		if !knows(c.profile, name) {
			continue
		}
		if v := c.doc.Field(name); v != nil {
			c.at(v, "skillmd/agent-without-fork", name+" is set but context is not fork, so Claude Code ignores it and runs the skill inline",
				"Add context: fork if the skill should run in a subagent, or remove "+name+".")
		}
	}
}

func hasKey(m *yaml.Node, key string) bool {
	for i := 0; m != nil && i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return true
		}
	}
	return false
}

// suggestedName is the folder's name when it is a valid skill name, else
// the nearest valid one (SERVICE-PATTERNS becomes service-patterns): a
// hint must not propose a name the name rule then rejects.
func (c *checker) suggestedName() string {
	return suggestName(folderName(c.dir), "my-skill")
}

// addNameHint says what name to add: the folder's, or, when the folder's
// name breaks the name rules (upper case, as Windsurf and Cursor projects
// often name skill folders), a valid one and a folder renamed to match.
func (c *checker) addNameHint() string {
	name := c.suggestedName()
	if dir := folderName(c.dir); dir != "" && dir != name {
		return fmt.Sprintf("Add name: %s and rename the folder %s to %s (names are lowercase letters, digits and hyphens, and match their folder).", name, dir, name)
	}
	return "Add name: " + name + " (the folder name)."
}

// ruleFormatFields are the activation fields of the agents' rule files,
// which converters and generators carry into SKILL.md (a .mdc turned into
// a skill keeps its globs and alwaysApply): documented, so never a typo of
// a skill field (trigger is not a misspelt triggers), and ignored by every
// skill loader. Windsurf: docs.windsurf.com/windsurf/cascade/memories
// (trigger: always_on, model_decision, glob or manual; globs); Cursor:
// cursor.com/docs/context/rules (description, globs, alwaysApply); GitHub
// Copilot: docs.github.com custom instructions (applyTo, excludeAgent).
// Windsurf's trigger holds one of its activation modes; a trigger holding
// a list of keywords is a misspelt OpenHands triggers.
var windsurfModes = map[string]bool{"always_on": true, "model_decision": true, "glob": true, "manual": true}

var ruleFormatFields = map[string]string{
	"trigger":      "Windsurf rules",
	"globs":        "Cursor and Windsurf rules",
	"alwaysApply":  "Cursor rules",
	"applyTo":      "GitHub Copilot instructions",
	"excludeAgent": "GitHub Copilot instructions",
}

// vscodeSpellings are field names VS Code still reads as deprecated
// spellings of a documented field (microsoft/vscode promptFileParser.ts:
// userInvocable falls back to user-invokable). Claude Code and the spec
// read only the documented name, so the setting holds in one editor only.
var vscodeSpellings = map[string]string{"user-invokable": "user-invocable"}

// mergeKeyMessage says why a YAML merge key (<<: *anchor) in frontmatter
// is not portable: the merge is a YAML 1.1 type. js-yaml and PyYAML copy
// the anchored fields in; a YAML 1.2 core-schema parser keeps one field
// named << holding a mapping; strictyaml, which skills-ref uses, refuses
// anchors and aliases, so the file does not load there at all.
func mergeKeyMessage(where string) string {
	return fmt.Sprintf("%sa YAML merge key (<<) copies fields from an anchor, and parsers disagree: js-yaml and PyYAML merge them in, YAML 1.2 parsers keep one field named << holding a mapping, and strictyaml (skills-ref) rejects anchors outright", where)
}

const mergeKeyHint = "Write the fields out in full instead of merging them from an anchor."

// isMergeKey reports a plain << key, which YAML 1.1 resolves to !!merge
// (a quoted "<<" is an ordinary string key).
func isMergeKey(k *yaml.Node) bool {
	return k != nil && k.Kind == yaml.ScalarNode && k.Style == 0 && k.Value == "<<"
}

// mergedIn reports whether a merge key of mapping m (<<: *a, or
// <<: [*a, *b]) brings in field: the field is there for js-yaml and PyYAML
// and missing for the parsers that do not merge.
func mergedIn(m *yaml.Node, field string) bool {
	found := false
	mapPairs(m, func(k, v *yaml.Node) {
		if !isMergeKey(k) || v == nil {
			return
		}
		sources := []*yaml.Node{v}
		if v.Kind == yaml.SequenceNode {
			sources = v.Content
		}
		for _, src := range sources {
			if src = resolve(src); src != nil && src.Kind == yaml.MappingNode && hasKey(src, field) {
				found = true
			}
		}
	})
	return found
}

func mergedOnlyMessage(field string) string {
	return fmt.Sprintf("the frontmatter has no %s field of its own: only a YAML merge key (<<) brings one in, which YAML 1.2 parsers do not apply and strictyaml (skills-ref) rejects", field)
}

func (c *checker) reportUnknown(k *yaml.Node) {
	name := k.Value
	if isMergeKey(k) {
		d := c.at(k, "skillmd/unknown-field", mergeKeyMessage(""), mergeKeyHint)
		if c.profile == model.ProfileAgentSkills {
			d.Severity = model.SeverityError
		}
		return
	}
	if c.profile == model.ProfileAgentSkills {
		d := c.at(k, "skillmd/unknown-field",
			fmt.Sprintf("%q is not an Agent Skills field (allowed: allowed-tools, compatibility, description, license, metadata, name)", name),
			"Move it under metadata:, or lint with a profile that knows it (--profile all).")
		d.Severity = model.SeverityError
		return
	}
	if spec, ok := fieldSpecs[name]; ok && extensionField[spec.layer] != "" {
		// OpenHands and Roo Code document these as extensions other agents
		// ignore: advice, as a field no agent documents was before, but
		// named.
		d := c.at(k, "skillmd/unknown-field",
			fmt.Sprintf("%q is %s; the %s profile's agents ignore it", name, extensionField[spec.layer], c.profile),
			fmt.Sprintf("Keep it if the skill is also meant for %s, or lint with --profile all.", spec.layer))
		d.Severity = model.SeverityInfo
		if spec.layer == rooLayer {
			// The one agent that reads it loses the setting when it is not
			// a list: said under every profile, as a near miss would be.
			c.checkRooModeSlugs(k, c.doc.Field(name))
		}
		return
	} else if ok {
		c.at(k, "skillmd/unknown-field",
			fmt.Sprintf("%q is a %s field, not known to the %s profile", name, spec.layer, c.profile),
			"Lint with --profile all (or the profile of the agent that reads it), or remove the field.")
		return
	}
	if format, ok := ruleFormatFields[name]; ok && (name != "trigger" || windsurfModes[scalarText(c.doc.Field(name))]) {
		d := c.at(k, "skillmd/unknown-field",
			fmt.Sprintf("%q is a field of %s, which says when a rule applies; skill loaders ignore it (an agent picks a skill by its description)", name, format),
			"Keep it if the same file also serves as a rule there; otherwise say when to use the skill in description.")
		d.Severity = model.SeverityInfo
		return
	}
	if lower := strings.ToLower(name); lower != name {
		if _, ok := fieldSpecs[lower]; ok {
			c.reportCase(k, lower)
			return
		}
	}
	if field, ok := vscodeSpellings[name]; ok {
		// Warning, as any near miss: outside VS Code the setting is lost.
		c.renameKey(c.at(k, "skillmd/unknown-field",
			fmt.Sprintf("%q is VS Code's older spelling of %q: VS Code still reads it (deprecated), but Claude Code and the other agents ignore it", name, field),
			fmt.Sprintf("Rename the key: %s:", field)), k, field)
		return
	}
	msg := fmt.Sprintf("unknown frontmatter field %q: no agent documents it, so agents load the skill and ignore the field", name)
	guess := closestField(name)
	if guess != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", guess)
	}
	d := c.at(k, "skillmd/unknown-field", msg, "Check the spelling, or move the field under metadata: where any key is allowed.")
	// A near miss of a real field on a name long enough for the match to
	// mean something is probably a typo that silently loses a setting: a
	// warning. Anything else is a private field some tool reads: advice.
	if guess == "" || len(name) < 5 {
		d.Severity = model.SeverityInfo
	}
}

// reportCase reports a known field written with capitals (Name:,
// Description:, Version:). YAML keys are case-sensitive and no agent folds
// them, so the setting is lost whatever the field's length or layer: always
// a warning (a missing name or description is also its own error, whose
// message points here). --fix lower-cases the key when the lower-case one
// is not there too.
func (c *checker) reportCase(k *yaml.Node, lower string) {
	c.renameKey(c.at(k, "skillmd/unknown-field",
		fmt.Sprintf("frontmatter keys are case-sensitive: %q is not %q, so agents ignore the field", k.Value, lower),
		fmt.Sprintf("Write the key in lower case: %s:", lower)), k, lower)
}

// renameKey offers d's fix: rewrite key k as field, when the file holds no
// field key already and k is written plain where the node says (a second
// key, or a quoted one, is not an exact one-word edit).
func (c *checker) renameKey(d *model.Diagnostic, k *yaml.Node, field string) {
	if hasKey(c.doc.Frontmatter.Node, field) || k.Style != 0 {
		return
	}
	line := c.doc.Frontmatter.Line + k.Line - 1
	start := c.lines.offset(line, d.Column)
	if start < 0 || start+len(k.Value) > len(c.lines.text) || string(c.lines.text[start:start+len(k.Value)]) != k.Value {
		return
	}
	d.Hint += " (`skillstudio lint --fix` does it)."
	d.Fix = &model.Fix{
		Description: fmt.Sprintf("rename the %s key to %s", k.Value, field),
		Edits:       []model.TextEdit{{File: c.skill.Location.File, Start: start, End: start + len(k.Value), NewText: field}},
	}
}

// caseFolded is the known field a frontmatter key spells with capitals.
func caseFolded(fm *yaml.Node, field string) string {
	for i := 0; fm != nil && i+1 < len(fm.Content); i += 2 {
		if k := fm.Content[i].Value; k != field && strings.EqualFold(k, field) {
			return k
		}
	}
	return ""
}

// closestField suggests the known field name most likely meant.
func closestField(name string) string {
	// The same words in another naming convention (whenToUse,
	// disableModelInvocation, allowed_tools, ARGUMENT_HINT) are many edits
	// away but plainly meant the field; agents match keys exactly, so the
	// setting is lost all the same.
	if n := conventionFold(name); n != "" {
		for field := range fieldSpecs {
			if conventionFold(field) == n {
				return field
			}
		}
	}
	names := make([]string, 0, len(fieldSpecs))
	for n := range fieldSpecs {
		names = append(names, n)
	}
	sort.Strings(names)
	// One edit is a typo; further than that, a shortening of one field
	// (args, desc, ctx) says what was meant better than a word two edits
	// away that shares letters by chance (args is not "tags").
	if guess := suggest.Closest(name, names, 2); guess != "" {
		return guess
	}
	if guess := lastWordOf(name, names); guess != "" {
		return guess
	}
	if guess := abbreviated(name, names); guess != "" {
		return guess
	}
	return suggest.Closest(name, names, 3)
}

// lastWordOf returns the field that name is the last word of (tools, the
// subagent spelling, → allowed-tools; hint → argument-hint); of several,
// the shortest, the plain form over its negation (not disallowed-tools).
func lastWordOf(name string, fields []string) string {
	n := conventionFold(name)
	if len(n) < 3 {
		return ""
	}
	found := ""
	for _, f := range fields {
		i := strings.LastIndexAny(f, "-_")
		if i < 0 || conventionFold(f[i+1:]) != n {
			continue
		}
		if found == "" || layerRank(f) < layerRank(found) || layerRank(f) == layerRank(found) && len(f) < len(found) {
			found = f
		}
	}
	return found
}

// layerRank orders the layers a shortening is matched against: tools means
// allowed-tools (the open standard) before OpenHands' mcp_tools.
func layerRank(field string) int {
	switch fieldSpecs[field].layer {
	case "the open standard":
		return 0
	case "Claude Code":
		return 1
	}
	return 2
}

// abbreviated returns the one field that name shortens: same first
// letter, and name's letters in the field's, in order (args → arguments,
// desc → description). "" when no field or more than one fits.
func abbreviated(name string, fields []string) string {
	n := conventionFold(name)
	if len(n) < 3 {
		return ""
	}
	found := ""
	for _, f := range fields {
		ff := conventionFold(f)
		if len(ff) <= len(n) || ff[0] != n[0] || !subsequence(n, ff) {
			continue
		}
		if found != "" {
			return ""
		}
		found = f
	}
	return found
}

// subsequence reports whether a's bytes appear in b in order.
func subsequence(a, b string) bool {
	i := 0
	for j := 0; i < len(a) && j < len(b); j++ {
		if a[i] == b[j] {
			i++
		}
	}
	return i == len(a)
}

// conventionFold lowercases a key and drops its - and _ separators, so
// when_to_use, whenToUse and When-To-Use fold alike ("" for a key that
// holds anything else, or is too long to be a field name).
func conventionFold(key string) string {
	if len(key) > 64 {
		return ""
	}
	b := make([]byte, 0, len(key))
	for i := 0; i < len(key); i++ {
		switch c := key[i]; {
		case c == '-' || c == '_':
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			b = append(b, c)
		default:
			return ""
		}
	}
	return string(b)
}

// fillIdentity copies the frontmatter into the model: top-level skillli
// fields win over metadata ones.
func (c *checker) fillIdentity() {
	s, d := c.skill, c.doc
	name := strings.TrimSpace(scalarText(d.Field("name")))
	desc := d.Field("description")
	if name != "" && desc != nil {
		s.Declared = make([]model.Declaration, 0, 2) // one allocation, not two
	}
	if name != "" {
		s.Name = name
		line, col := c.nodePos(d.Field("name"))
		s.Declared = append(s.Declared, model.Declaration{Key: "name", Value: name, Line: line, Column: col})
	}
	s.Description = strings.TrimSpace(scalarText(desc))
	if n := desc; n != nil {
		line, col := c.nodePos(n)
		s.Declared = append(s.Declared, model.Declaration{Key: "description", Value: s.Description, Line: line, Column: col})
	}
	s.License = scalarText(d.Field("license"))
	meta := d.Field("metadata")
	pick := func(key string) *yaml.Node {
		if v := d.Field(key); v != nil {
			return v
		}
		return mapGet(meta, key)
	}
	s.Version = scalarText(pick("version"))
	s.Author = scalarText(pick("author"))
	s.Homepage = scalarText(pick("homepage"))
	if tags := pick("tags"); tags != nil {
		s.Keywords = tagList(tags)
	}
}

// tagList reads tags written as a list or as a comma-separated string.
func tagList(n *yaml.Node) []string {
	items, _, ok := stringList(n)
	if !ok {
		return nil
	}
	var out []string
	if n.Kind == yaml.ScalarNode {
		items = strings.Split(items[0], ",")
	}
	for _, t := range items {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// usesSkillli says whether a skillli-only field sits at the top level.
func (c *checker) usesSkillli() bool {
	for _, key := range skillliFields {
		if c.doc.Field(key) != nil {
			return true
		}
	}
	return c.doc.Field("quiz") != nil
}

// checkMetadataSkillli checks skillli fields written inside metadata and
// notes the ones a top-level field shadows.
func (c *checker) checkMetadataSkillli() {
	meta := c.doc.Field("metadata")
	for _, key := range skillliFields {
		mv := mapGet(meta, key)
		if mv == nil {
			continue
		}
		if top := c.doc.Field(key); top != nil {
			c.at(mv, "skillmd/metadata-shadowed",
				fmt.Sprintf("%s is set both at the top level (line %d, which wins) and in metadata", key, c.doc.Frontmatter.Line+top.Line-1),
				"Keep one of the two; the metadata one is ignored.")
			continue
		}
		keyNode := &yaml.Node{Kind: yaml.ScalarNode, Value: key, Line: mv.Line, Column: mv.Column}
		fieldSpecs[key].check(c, keyNode, mv)
	}
}

// What Claude Code does in place of a missing field, for claudeCodeFallback.
const (
	fallbackName        = "names it after its folder"
	fallbackDescription = "describes it by the body's first paragraph"
	fallbackBoth        = fallbackName + " and " + fallbackDescription
)

// claudeCodeFallback lowers d, a missing name, description or
// frontmatter, to a warning under the claude-code profile (how says what
// Claude Code uses instead): Claude Code's frontmatter reference
// (code.claude.com/docs/en/skills) makes name optional ("If omitted, uses
// the directory name") and description recommended ("If omitted, uses the
// first paragraph of markdown content"), so it loads the skill. The open
// standard requires both and skills-ref and Codex reject the skill, which
// the other profiles keep as an error.
func (c *checker) claudeCodeFallback(d *model.Diagnostic, how string) {
	if c.profile != model.ProfileClaudeCode || d == nil {
		return
	}
	d.Severity = model.SeverityWarning
	d.Message += "; Claude Code loads the skill anyway and " + how + ", but agents that follow the open standard reject it"
}
