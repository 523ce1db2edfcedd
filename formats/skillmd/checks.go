package skillmd

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/skillstudio/skillstudio/internal/semverstrict"
	"github.com/skillstudio/skillstudio/model"
	"golang.org/x/text/unicode/norm"
	"gopkg.in/yaml.v3"
)

const (
	maxNameLen          = 64
	maxDescriptionLen   = 1024
	maxCompatibilityLen = 500
	maxTags             = 20
)

// typeError reports a known field whose YAML shape is wrong.
func (c *checker) typeError(key, val *yaml.Node, want string) {
	if text := c.flowText(val); text != "" && templatePlaceholder(text) {
		c.at(val, "skillmd/field-type", placeholderMessage(key.Value, text, withArticle(kindName(val))+", not "+want), placeholderHint(key.Value))
		return
	}
	got := withArticle(kindName(val))
	if isScalar(val) {
		got = scalarKind(val)
	}
	c.at(val, "skillmd/field-type", fmt.Sprintf("%s must be %s, not %s", key.Value, want, got),
		fmt.Sprintf("Write %s as %s.", key.Value, want))
}

// scalarKind names a scalar's YAML type in words ("a string", not the
// tag's "str").
func scalarKind(val *yaml.Node) string {
	switch val.Tag {
	case "!!int", "!!float":
		return "a number"
	case "!!bool":
		return "a boolean"
	case "!!null":
		return "empty"
	case "!!timestamp":
		return "a date"
	case "!!binary":
		return "binary data (!!binary)"
	case "", "!", "!!str":
		return "a string"
	}
	// Any other tag (!!set's members aside, a custom !thing) is what the
	// author asked for; "not a string" would contradict the value shown.
	return "a value tagged " + val.Tag
}

// withArticle is "a map", "an int".
func withArticle(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// checkString accepts any scalar: agents read numbers and dates as text
// (skills-ref does the same), only lists and maps are wrong.
func (c *checker) checkString(key, val *yaml.Node) {
	if !isScalar(val) {
		if text := c.flowText(val); text != "" {
			// argument-hint: [file] is the usual slip: the brackets meant
			// "optional", YAML read a list. GitHub Copilot CLI drops the
			// skill over it; Claude Code joins the items.
			who := "an agent that reads it as a string rejects it"
			if key.Value == "argument-hint" {
				who = "GitHub Copilot CLI drops the skill over it (Claude Code joins the items)"
			}
			shown := text
			if r := []rune(shown); len(r) > 60 {
				shown = string(r[:59]) + "…"
			}
			c.at(val, "skillmd/field-type", fmt.Sprintf("%s must be a string; unquoted, %s is read as a YAML %s, and %s", key.Value, shown, kindName(val), who),
				fmt.Sprintf("Quote it: %s: %s.", key.Value, quoteYAML(text)))
			return
		}
		c.typeError(key, val, "a string")
		return
	}
	c.checkStringScalar(key, val)
}

// checkStringScalar reports a plain number or boolean where the spec types
// the field as a string (model: 4, license: 2.0, checksum: 12). skillli,
// the format's reference tooling, validates the frontmatter with zod's
// z.string() after js-yaml has typed the value, so it rejects the skill: an
// error under the skillli profile. skills-ref reads every value as text
// and Claude Code loads the skill, so elsewhere a warning. Quoting keeps
// the text exactly (2.0 stays "2.0", not 2).
func (c *checker) checkStringScalar(key, val *yaml.Node) {
	v := resolve(val)
	if v == nil || v.Kind != yaml.ScalarNode || v.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return
	}
	switch v.Tag {
	case "!!int", "!!float", "!!bool":
	default:
		return
	}
	d := c.at(val, "skillmd/field-type", fmt.Sprintf("%s must be a string, not %s; unquoted, %s is a YAML %s, and skillli's validator (z.string()) rejects the skill", key.Value, scalarKind(v), v.Value, strings.TrimPrefix(scalarKind(v), "a ")),
		fmt.Sprintf("Quote it: %s: %s.", key.Value, quoteYAML(v.Value)))
	if c.profile != model.ProfileSkillli {
		d.Severity = model.SeverityWarning
	}
}

// flowText is the source text of a flow list or mapping written on one
// line ([a, b], {k: v}), or "".
func (c *checker) flowText(val *yaml.Node) string {
	if val.Style&yaml.FlowStyle == 0 || c.doc == nil || !c.doc.Frontmatter.Present {
		return ""
	}
	line, col := c.nodePos(val)
	text := c.lines.lineText(line)
	if col < 1 || col > len(text) {
		return ""
	}
	v := text[col-1:]
	end := flowEnd(v)
	if end == 0 {
		return ""
	}
	return string(v[:end])
}

func (c *checker) checkStringOrList(key, val *yaml.Node) {
	if _, _, ok := stringList(val); !ok {
		c.typeError(key, val, "a string or a list of strings")
	}
}

// checkOpenHandsList checks triggers and inputs: OpenHands' Skill.load
// raises SkillValidationError unless the value is a YAML list (an empty
// key reads as None and is refused too), and triggers' items are matched
// as strings (KeywordTrigger.keywords is list[str]).
func (c *checker) checkOpenHandsList(key, val *yaml.Node) {
	v := resolve(val)
	if v == nil || v.Kind != yaml.SequenceNode {
		c.typeError(key, val, "a list (OpenHands refuses the skill otherwise)")
		return
	}
	if key.Value != "triggers" {
		return
	}
	for _, it := range v.Content {
		if r := resolve(it); r == nil || !isText(r) {
			c.typeError(key, it, "a list of strings (OpenHands refuses the skill otherwise)")
			return
		}
	}
}

// checkRooModeSlugs checks Roo Code's modeSlugs, which Roo reads only
// as a list of strings: modeSlugs: architect is dropped without a word and
// the skill is offered in every mode.
func (c *checker) checkRooModeSlugs(key, val *yaml.Node) {
	v := resolve(val)
	if v == nil || isNull(v) {
		return // empty: any mode, as Roo reads an empty list
	}
	// Warnings: Roo Code loads the skill; only the restriction is lost.
	if v.Kind != yaml.SequenceNode {
		hint, got := "Write modeSlugs as a list, one mode slug an item.", withArticle(kindName(val))
		if isScalar(v) {
			got = scalarKind(v)
		}
		if isScalar(v) && isText(v) {
			hint = fmt.Sprintf("Write modeSlugs: [%s].", v.Value)
		}
		d := c.at(val, "skillmd/field-type", fmt.Sprintf("modeSlugs must be a list of mode slugs, not %s: Roo Code reads only a list, so the skill is offered in every mode", got), hint)
		d.Severity = model.SeverityWarning
		return
	}
	for _, it := range v.Content {
		if r := resolve(it); r == nil || !isText(r) || r.Value == "" {
			d := c.at(it, "skillmd/field-type", "a modeSlugs entry must be a mode slug (a non-empty string); Roo Code skips this one", "Write the mode's slug, such as code or architect.")
			d.Severity = model.SeverityWarning
		}
	}
}

// checkOpenHandsMapping checks mcp_tools, which OpenHands' Skill.load
// refuses unless it is a mapping (or empty).
func (c *checker) checkOpenHandsMapping(key, val *yaml.Node) {
	if v := resolve(val); v != nil && !isNull(v) && v.Kind != yaml.MappingNode {
		c.typeError(key, val, "a mapping (OpenHands refuses the skill otherwise)")
	}
}

func (c *checker) checkBool(key, val *yaml.Node) {
	if isBool(val) {
		return
	}
	// Claude Code reads these flags with value === true || value === "true"
	// (parseBooleanFrontmatter), so a quoted "true" or "false" works there
	// and only a stricter reader misses it: advice. Any other value (yes,
	// on, 1, "True", a list) reads as false, so the setting is silently lost
	// (user-invocable: yes hides the skill); the agent still loads the skill,
	// so a warning, not an error.
	if isScalar(val) && (val.Value == "true" || val.Value == "false") {
		d := c.at(val, "skillmd/field-type", fmt.Sprintf("%s is the string %q; Claude Code reads it as the boolean, stricter YAML readers may not", key.Value, val.Value),
			fmt.Sprintf("Remove the quotes: %s: %s.", key.Value, val.Value))
		d.Severity = model.SeverityInfo
		return
	}
	got := withArticle(kindName(val))
	if isScalar(val) {
		got = fmt.Sprintf("%q", val.Value)
	}
	d := c.at(val, "skillmd/field-type", fmt.Sprintf("%s is %s, not true or false; Claude Code counts only true (or \"true\") as true, so the setting is lost", key.Value, got),
		fmt.Sprintf("Write %s: true or %s: false.", key.Value, key.Value))
	d.Severity = model.SeverityWarning
}

func enumCheck(values ...string) func(c *checker, key, val *yaml.Node) {
	return func(c *checker, key, val *yaml.Node) {
		if !isScalar(val) {
			// Claude Code keeps only the values it knows (its skill loader
			// maps context to executionContext only when it is "fork") and
			// loads the skill: a list or mapping is ignored like any other
			// unknown value, not a reason to reject the skill.
			c.at(val, "skillmd/enum", fmt.Sprintf("%s: %s is not one of %s; the agent ignores it", key.Value, withArticle(kindName(val)), strings.Join(values, ", ")),
				fmt.Sprintf("Use one of %s.", strings.Join(values, ", ")))
			return
		}
		if !slices.Contains(values, val.Value) {
			c.at(val, "skillmd/enum", fmt.Sprintf("%s: %q is not one of %s; the agent ignores it", key.Value, val.Value, strings.Join(values, ", ")),
				fmt.Sprintf("Use one of %s.", strings.Join(values, ", ")))
		}
	}
}

func (c *checker) checkName(key, val *yaml.Node) {
	if !isText(val) && !isNull(val) {
		c.typeError(key, val, "a string")
		return
	}
	name := strings.TrimSpace(scalarText(val))
	if isText(val) && templatePlaceholder(name) {
		c.at(val, "skillmd/name", placeholderMessage("name", fmt.Sprintf("%q", name), ""), placeholderHint("name"))
		return
	}
	if problem := nameProblem(name); problem != "" {
		hint := "Use 1-64 lowercase letters, digits and single hyphens, e.g. " + suggestName(name, c.suggestedName()) + "."
		if dir := folderName(c.dir); dir != "" && dir == name && !wellKnown(c.dir) {
			// The name must match its folder, so fixing one alone trades this finding for name-dir.
			hint = fmt.Sprintf("Use 1-64 lowercase letters, digits and single hyphens, e.g. %s, and rename the folder to match.", suggestName(name, c.suggestedName()))
		}
		if !lowercaseUnicodeName(name) {
			c.at(val, "skillmd/name", problem, hint)
			return
		}
		// Letters of another script, all lowercase: the reference
		// validator (skills-ref: NFKC, then str.isalnum and lower) and
		// Codex load the skill, so it breaks the spec's [a-z0-9-] without
		// being rejected: a warning, and the folder check still applies.
		d := c.at(val, "skillmd/name", problem+"; skills-ref and Codex accept lowercase letters of any script, but the spec and stricter agents do not",
			"Keep it if every agent you target loads it, or use an ASCII name such as "+suggestName(name, c.suggestedName())+" (the name is the /slash-command people type).")
		d.Severity = model.SeverityWarning
	}
	// Compared as skills-ref compares them, after NFKC: macOS may hand
	// back a folder's name decomposed (e + U+0301) where the YAML holds é.
	if dir := folderName(c.dir); dir != "" && dir != name && norm.NFKC.String(dir) != norm.NFKC.String(name) && !wellKnown(c.dir) {
		hint := fmt.Sprintf("Rename the folder to %s, or set name: %s.", name, dir)
		if nameProblem(dir) != "" {
			// The folder's name would break the name rules: only renaming it helps.
			hint = fmt.Sprintf("Rename the folder to %s (the folder's name is not a valid skill name).", name)
		}
		c.at(val, "skillmd/name-dir", fmt.Sprintf("name %q does not match the folder name %q", name, dir), hint)
	}
}

// nameProblem says what is wrong with a skill name ("" when nothing is).
func nameProblem(name string) string {
	switch {
	case name == "":
		return "name is empty"
	case utf8.RuneCountInString(name) > maxNameLen:
		return fmt.Sprintf("name is %d characters long; the limit is %d", utf8.RuneCountInString(name), maxNameLen)
	}
	// Say every kind of problem at once: a display name such as
	// "Report Builder 报表" has uppercase letters, a space and CJK, and
	// fixing only the case would fail again.
	upper := false
	var others []string
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-':
		case r >= 'A' && r <= 'Z':
			upper = true
		case len(others) < 3 && !slices.Contains(others, fmt.Sprintf("%q", r)):
			others = append(others, fmt.Sprintf("%q", r))
		}
	}
	switch {
	case upper && len(others) > 0:
		return fmt.Sprintf("name %q has uppercase letters and holds %s; only a-z, 0-9 and - are allowed", name, strings.Join(others, ", "))
	case upper:
		return fmt.Sprintf("name %q has uppercase letters; it must be lowercase", name)
	case len(others) > 0:
		return fmt.Sprintf("name %q holds %s; only a-z, 0-9 and - are allowed", name, strings.Join(others, ", "))
	}
	switch {
	case strings.HasPrefix(name, "-") || strings.HasSuffix(name, "-"):
		return fmt.Sprintf("name %q starts or ends with a hyphen", name)
	case strings.Contains(name, "--"):
		return fmt.Sprintf("name %q holds two hyphens in a row", name)
	}
	return ""
}

// lowercaseUnicodeName reports whether name breaks the name rules only by
// holding letters or digits outside a-z and 0-9 that have no upper case
// (数据分析, анализ-данных): what skills-ref's validator accepts and the
// spec's [a-z0-9-] does not. Hyphens follow the usual rules.
func lowercaseUnicodeName(name string) bool {
	if name == "" || utf8.RuneCountInString(name) > maxNameLen ||
		strings.HasPrefix(name, "-") || strings.HasSuffix(name, "-") || strings.Contains(name, "--") {
		return false
	}
	for _, r := range name {
		switch {
		case r == '-' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
		case r < utf8.RuneSelf:
			return false // uppercase ASCII, _, space, punctuation
		case !unicode.IsLetter(r) && !unicode.IsNumber(r), unicode.ToLower(r) != r:
			return false
		}
	}
	return true
}

// suggestName turns a bad name into a valid one for the hint.
func suggestName(name, fallback string) string {
	var b strings.Builder
	// Decomposed, an accented Latin letter is its base letter and a mark
	// to drop: résumé suggests resume, not r-sum.
	for _, r := range norm.NFKD.String(strings.ToLower(name)) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
	}
	s := strings.Trim(b.String(), "-")
	if len(s) > maxNameLen {
		s = strings.Trim(s[:maxNameLen], "-")
	}
	if s == "" {
		return fallback
	}
	return s
}

func (c *checker) checkDescription(key, val *yaml.Node) {
	if !isText(val) && !isNull(val) {
		c.typeError(key, val, "a string")
		return
	}
	desc := strings.TrimSpace(scalarText(val))
	switch n := utf8.RuneCountInString(scalarText(val)); {
	case desc == "":
		c.at(val, "skillmd/description", "description is empty", "Say what the skill does and when an agent should use it.")
	case templatePlaceholder(desc):
		// Agents load the skill and list the placeholder as its
		// description, so nothing routes to it: the spec is broken, the
		// load is not.
		d := c.at(val, "skillmd/description", placeholderMessage("description", fmt.Sprintf("%q", desc), "")+"; agents list the placeholder and never pick the skill", placeholderHint("description"))
		d.Severity = model.SeverityWarning
	case n > maxDescriptionLen:
		c.at(val, "skillmd/description", fmt.Sprintf("description is %d characters long; the limit is %d", n, maxDescriptionLen),
			"Shorten it: keep the trigger words and move detail into the body.")
	}
}

func (c *checker) checkCompatibility(key, val *yaml.Node) {
	items, _, ok := stringList(val)
	if !ok || (c.profile == model.ProfileAgentSkills && val.Kind != yaml.ScalarNode) {
		want := "a string or a list of strings"
		if c.profile == model.ProfileAgentSkills {
			want = "a string"
		}
		c.at(val, "skillmd/compatibility", fmt.Sprintf("compatibility must be %s", want), "Write it as one line, e.g. compatibility: Requires git and docker.")
		return
	}
	total := 0
	for _, it := range items {
		total += utf8.RuneCountInString(it)
	}
	if total > maxCompatibilityLen {
		c.at(val, "skillmd/compatibility", fmt.Sprintf("compatibility is %d characters long; the limit is %d", total, maxCompatibilityLen),
			"Name only the requirements an agent must check.")
	}
}

// agentMetadataKeys are metadata keys an agent documents as a nested
// mapping: OpenClaw reads its gating and installers (requires, install,
// primaryEnv, emoji) from metadata.openclaw, with clawdbot and clawdis as
// older aliases (docs.openclaw.ai/clawhub/skill-format, checked
// 2026-11-24). Writing them as strings, as the rule would otherwise ask,
// turns the gating off.
var agentMetadataKeys = map[string]bool{"openclaw": true, "clawdbot": true, "clawdis": true}

func (c *checker) checkMetadata(key, val *yaml.Node) {
	if isNull(val) {
		return
	}
	if val.Kind != yaml.MappingNode {
		c.typeError(key, val, "a mapping of strings to strings")
		return
	}
	mapPairs(val, func(k, v *yaml.Node) {
		if v != nil && v.Kind == yaml.MappingNode && agentMetadataKeys[k.Value] && c.profile != model.ProfileAgentSkills {
			return // an agent documents this key as a mapping; flattening it breaks the agent
		}
		if k.Value == "tags" && v != nil && v.Kind == yaml.SequenceNode && c.profile != model.ProfileAgentSkills {
			// Layer 3 lets the registry fields sit under metadata, and tags
			// is "string[] or CSV string" there; skillmd/tags checks it.
			if _, _, ok := stringList(v); ok {
				return
			}
		}
		if isMergeKey(k) {
			c.at(k, "skillmd/metadata-value", mergeKeyMessage("in metadata, "), mergeKeyHint)
			return
		}
		if v != nil && v.Kind != yaml.ScalarNode {
			c.at(v, "skillmd/metadata-value", fmt.Sprintf("metadata.%s is a %s; metadata values must be strings", k.Value, kindName(v)),
				"Write the value as one string, or move it to a top-level field its agent knows.")
		}
	})
}

func (c *checker) checkVersion(key, val *yaml.Node) {
	if !isScalar(val) {
		c.typeError(key, val, "a version string")
		return
	}
	v := strings.TrimSpace(scalarText(val))
	sv, err := semverstrict.Parse(strings.TrimPrefix(v, "v"))
	if err != nil {
		c.at(val, "skillmd/version", fmt.Sprintf("version %q is not a semantic version (MAJOR.MINOR.PATCH)", v),
			"Write it like 1.2.0, quoted inside metadata: version: \"1.2.0\".")
		return
	}
	// skillli validates a top-level version with /^\d+\.\d+\.\d+$/ (its
	// metadata map takes any string), so it rejects the skill over a
	// leading v or a pre-release or build suffix that semver allows.
	if c.profile == model.ProfileSkillli && c.doc.Field("version") == val && (v != sv.String() || sv.Prerelease != "" || sv.Build != "") {
		c.at(val, "skillmd/version", fmt.Sprintf("version %q is semver, but skillli accepts only MAJOR.MINOR.PATCH at the top level and rejects the skill", v),
			fmt.Sprintf("Write version: %d.%d.%d, or move the full version into metadata: version: %q.", sv.Major, sv.Minor, sv.Patch, v))
	}
}

func (c *checker) checkTags(key, val *yaml.Node) {
	items, nodes, ok := stringList(val)
	if !ok {
		if text := c.flowText(val); text != "" && templatePlaceholder(text) {
			c.at(val, "skillmd/tags", placeholderMessage("tags", text, withArticle(kindName(val))), placeholderHint("tags"))
			return
		}
		c.at(val, "skillmd/tags", "tags must be a list of strings or a comma-separated string", "Write tags: [testing, ci] or tags: \"testing, ci\".")
		return
	}
	if val.Kind == yaml.SequenceNode {
		for i, it := range items {
			if strings.TrimSpace(it) == "" {
				c.at(nodes[i], "skillmd/tags", "a tag is empty", "Remove the empty tag.")
			}
		}
	}
	switch n := len(tagList(val)); {
	case n == 0:
		c.at(val, "skillmd/tags", "tags is empty; give 1 to 20 tags", "Add a few words people search for, or remove tags.")
	case n > maxTags:
		c.at(val, "skillmd/tags", fmt.Sprintf("%d tags; at most %d are allowed", n, maxTags), "Keep the 20 most useful tags.")
	}
}

var (
	categories  = []string{"development", "creative", "enterprise", "data", "devops", "other"}
	trustLevels = []string{"community", "verified", "official"}
)

func (c *checker) checkCategory(key, val *yaml.Node) {
	c.checkOneOf(key, val, "skillmd/category", categories)
}

func (c *checker) checkTrustLevel(key, val *yaml.Node) {
	c.checkOneOf(key, val, "skillmd/trust-level", trustLevels)
}

func (c *checker) checkOneOf(key, val *yaml.Node, rule string, values []string) {
	if !isScalar(val) || !slices.Contains(values, scalarText(val)) {
		got := scalarText(val)
		if !isScalar(val) {
			got = "a " + kindName(val)
		} else {
			got = fmt.Sprintf("%q", got)
		}
		c.at(val, rule, fmt.Sprintf("%s is %s; it must be one of %s", key.Value, got, strings.Join(values, ", ")),
			fmt.Sprintf("Use one of %s.", strings.Join(values, ", ")))
	}
}

func (c *checker) checkURL(key, val *yaml.Node) {
	if !isScalar(val) {
		c.typeError(key, val, "a URL")
		return
	}
	raw := strings.TrimSpace(scalarText(val))
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		c.at(val, "skillmd/url", fmt.Sprintf("%s %q is not an absolute http(s) URL", key.Value, raw), "Write the full address, e.g. https://github.com/owner/repo.")
	}
}

// hookEvents lists Claude Code's hook events; an unknown event is not
// reported (new ones appear often), only the shape is.
var hookHandlerTypes = []string{"command", "prompt", "agent"}

// checkHooks checks the shape Claude Code settings use:
// event → [{matcher?, hooks: [{type, command|prompt, timeout?, async?}]}].
func (c *checker) checkHooks(key, val *yaml.Node) {
	bad := func(n *yaml.Node, msg string) {
		c.at(n, "skillmd/hooks", msg+"; Claude Code then drops every hook of this skill", "Follow the hooks block of the spec: EVENT: [{matcher: \"Bash\", hooks: [{type: command, command: ./script.sh}]}].")
	}
	if val.Kind != yaml.MappingNode {
		bad(val, "hooks must be a mapping of hook events (PreToolUse, PostToolUse, Stop, …) to lists")
		return
	}
	mapPairs(val, func(event, entries *yaml.Node) {
		if entries == nil || entries.Kind != yaml.SequenceNode {
			bad(orNode(entries, event), fmt.Sprintf("hooks.%s must be a list of {matcher, hooks} entries", event.Value))
			return
		}
		for _, e := range entries.Content {
			e = resolve(e)
			if e.Kind != yaml.MappingNode {
				bad(e, fmt.Sprintf("each hooks.%s entry must be a mapping with a hooks list", event.Value))
				continue
			}
			if m := mapGet(e, "matcher"); m != nil && !isScalar(m) {
				bad(m, "matcher must be a string (a tool name or regular expression)")
			}
			handlers := mapGet(e, "hooks")
			if handlers == nil || handlers.Kind != yaml.SequenceNode {
				bad(orNode(handlers, e), fmt.Sprintf("each hooks.%s entry needs a hooks list of handlers", event.Value))
				continue
			}
			for _, h := range handlers.Content {
				c.checkHookHandler(resolve(h), bad)
			}
		}
	})
}

func (c *checker) checkHookHandler(h *yaml.Node, bad func(*yaml.Node, string)) {
	if h.Kind != yaml.MappingNode {
		bad(h, "a hook handler must be a mapping with type and command or prompt")
		return
	}
	typ := mapGet(h, "type")
	kind := scalarText(typ)
	if !slices.Contains(hookHandlerTypes, kind) {
		bad(orNode(typ, h), fmt.Sprintf("hook handler type %q is not command, prompt or agent", kind))
		return
	}
	need := "prompt"
	if kind == "command" {
		need = "command"
	}
	if v := mapGet(h, need); v == nil || !isScalar(v) || scalarText(v) == "" {
		bad(orNode(v, h), fmt.Sprintf("a %s hook needs a %s string", kind, need))
	} else if kind == "command" && len(c.hookCommands) < maxHookCommands {
		c.hookCommands = append(c.hookCommands, v) // checkNamedFiles looks for the files it runs
	}
	if t := mapGet(h, "timeout"); t != nil && !isNumber(t) {
		bad(t, "timeout must be a number of seconds")
	}
	if a := mapGet(h, "async"); a != nil && !isBool(a) {
		bad(a, "async must be true or false")
	}
}

func orNode(n, fallback *yaml.Node) *yaml.Node {
	if n != nil {
		return n
	}
	return fallback
}
