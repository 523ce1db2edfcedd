package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/internal/jsonout"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/review"
	"github.com/skillstudio/skillstudio/sanitize"
)

func (a *app) newReviewCmd() *cobra.Command {
	var (
		asJSON     bool
		configFile string
		excludes   []string
	)
	cmd := &cobra.Command{
		Use:   "review SOURCE... [--json]",
		Short: "Show the security evidence for each skill, riskiest first",
		Long: `review reads every skill in each SOURCE (a folder, a skill, github:OWNER/REPO,
an https:// index or registry, a domain publishing well-known skills) and
reports what a person should know before installing it: the network hosts
its code contacts and whether it declares them, the capabilities it asks
for, commands a SKILL.md runs as it loads, hidden characters and comments,
instructions aimed at the agent, download-and-run commands, secrets sent
away and shipped secrets. Nothing is run.

Skills are listed most risky first, each with a one-line verdict and its
findings at file:line:col. Hidden characters are spelled out (⟨U+202E⟩,
⟨tags "…"⟩) and terminal escapes removed. Rule severities follow the
config file like lint's (rules: {review/host: off}).

` + excludeHelp + `

--json prints {"version":1,"skills":[{"name","format","source","file",
"provenance":{"sourceUrl","repository","commit","digest","digestVerified",
"licenseFile"},"verdict":{"line","errors","warnings","infos"},"findings":[{"rule",
"severity","file","line","column","message","hint"}]}],"summary":{...}},
skills in the same order.

Exit status: 0 when no finding is an error, 1 when one is, 2 on bad usage
or an unreadable source.`,
		Example: `  skillstudio review github:acme/skills
  skillstudio review --json ~/.claude/skills > review.json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runReview(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), args, configFile, excludes, asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the review as JSON")
	cmd.Flags().StringVar(&configFile, "config", "", "read this config file instead of the project's .skillstudio.yaml")
	addExcludeFlag(cmd, &excludes)
	return a.addRemoteFlags(cmd)
}

func (a *app) runReview(ctx context.Context, w, stderr io.Writer, sources []string, configFile string, excludes []string, asJSON bool) error {
	cfg, err := config.Load(configFile, sources[0], formats.Rules())
	if err != nil {
		return usageError{err}
	}
	linkedOutNote(stderr, cfg)
	cfg.AlsoUnder(sources[1:])
	// Templates are reviewed as skills: a checkout may not hide a skill
	// from the review by naming its folder templates/.
	opts := model.Options{FindingsOnly: true, KeepTemplates: true}
	// The checkout under review may bring its own .skillstudio.yaml: it
	// must not hide skills from the review or turn its rules down.
	if opts.Exclude, err = cfg.ReviewExcludeFilter(excludes); err != nil {
		return usagef("--exclude: %v", err)
	}
	cwd, _ := os.Getwd()
	noteReviewIgnored(stderr, cfg, true, cwd)
	lib, err := registry.LoadSources(ctx, sources, opts, cfg.Formats(), a.remote)
	if err != nil {
		return usageError{err}
	}
	skills := lib.Skills
	// A plugin of only commands, agents, hooks or MCP servers holds no
	// skill for the search to find; each local source is looked through
	// for such plugins (and a marketplace's), reviewed as entries of their own.
	for _, spec := range sources {
		if registry.IsRemote(spec) {
			continue
		}
		if o, err := registry.OpenLocal(spec); err == nil {
			skills = append(skills, review.PluginsWithoutSkills(o.Base, o.Root, lib.Skills, opts.Exclude)...)
		}
	}
	reports := review.Library(skills, cfg.ReviewFormats())
	if err := nestedConfigs(cfg, stderr); err != nil {
		return err
	}
	if asJSON {
		err = writeReviewJSON(w, reports, cwd)
	} else {
		err = writeReviewText(w, reports, cwd)
	}
	if err != nil {
		return err
	}
	for _, r := range reports {
		if r.Verdict.Errors > 0 {
			return exitError{1}
		}
	}
	return nil
}

// noteReviewIgnored says, on stderr, what of a project file found beside
// the reviewed skills the review left out, so a reviewer who meant it
// knows to pass --config.
func noteReviewIgnored(stderr io.Writer, cfg *config.Config, excludes bool, cwd string) {
	if file, what := cfg.ReviewIgnored(excludes); len(what) > 0 {
		fmt.Fprintf(stderr, "note: %s came with the skills under review, so the review does not apply its %s (pass --config %s to use it)\n",
			sanitize.Line(display.Path(cwd, file)), sanitize.Line(strings.Join(what, ", ")), sanitize.Line(display.Path(cwd, file)))
	}
}

// findingPath is where a finding sits, as the user can open it.
func findingPath(cwd string, s *model.Skill, fsPath string) string {
	return display.Path(cwd, s.Location.Path(fsPath))
}

// shown makes skill text safe and readable on one terminal line: hidden
// characters spelled out first, then any escape removed.
func shown(s string) string { return sanitize.Line(review.Visible(s)) }

func writeReviewText(w io.Writer, reports []review.Report, cwd string) error {
	if len(reports) == 0 {
		_, err := fmt.Fprintln(w, "no skills found")
		return err
	}
	var errs, warns, infos, plugins int
	for i, r := range reports {
		if i > 0 {
			fmt.Fprintln(w)
		}
		label := r.Skill.Format.Label()
		if review.IsPlugin(r.Skill) {
			label = "Claude Code plugin"
			plugins++
		}
		fmt.Fprintf(w, "%s (%s) — %s\n", shown(r.Skill.Name), label, r.Verdict.Line)
		fmt.Fprintf(w, "  %s\n", sanitize.Line(findingPath(cwd, r.Skill, r.Skill.Location.File)))
		fmt.Fprintf(w, "  %s\n", sanitize.Line(registry.Provenance(r.Skill).Line()))
		for _, d := range r.Findings {
			fmt.Fprintf(w, "  %s:%d:%d: %s %s: %s\n", sanitize.Line(findingPath(cwd, r.Skill, d.File)), d.Line, d.Column, d.Severity, d.Rule, shown(d.Message))
		}
		errs += r.Verdict.Errors
		warns += r.Verdict.Warnings
		infos += r.Verdict.Infos
	}
	what := display.Plural(len(reports)-plugins, "skill")
	switch {
	case plugins == len(reports):
		what = display.Plural(plugins, "plugin")
	case plugins > 0:
		what += " and " + display.Plural(plugins, "plugin")
	}
	_, err := fmt.Fprintf(w, "\n%s reviewed: %s, %s, %s\n", what,
		display.Plural(errs, "error"), display.Plural(warns, "warning"), display.Plural(infos, "note"))
	return err
}

// The --json schema. Field names are part of the interface: add, never
// rename.
type (
	reviewJSON struct {
		Version int               `json:"version"`
		Skills  []reviewSkillJSON `json:"skills"`
		Summary reviewSummaryJSON `json:"summary"`
	}
	reviewSkillJSON struct {
		Name       string              `json:"name"`
		Format     string              `json:"format"`
		Plugin     bool                `json:"plugin,omitempty"` // a Claude Code plugin with no skill, reviewed on its own
		Source     string              `json:"source"`
		File       string              `json:"file"`
		Provenance review.Provenance   `json:"provenance"`
		Verdict    reviewVerdictJSON   `json:"verdict"`
		Findings   []reviewFindingJSON `json:"findings"`
	}
	reviewVerdictJSON struct {
		Line string `json:"line"`
		reviewCountsJSON
	}
	reviewSummaryJSON struct {
		Skills int `json:"skills"`
		reviewCountsJSON
	}
	reviewCountsJSON struct {
		Errors   int `json:"errors"`
		Warnings int `json:"warnings"`
		Infos    int `json:"infos"`
	}
	reviewFindingJSON struct {
		Rule     string `json:"rule"`
		Severity string `json:"severity"`
		File     string `json:"file"`
		Line     int    `json:"line"`
		Column   int    `json:"column"`
		Message  string `json:"message"`
		Hint     string `json:"hint,omitempty"`
	}
)

func writeReviewJSON(w io.Writer, reports []review.Report, cwd string) error {
	out := reviewJSON{Version: 1, Skills: []reviewSkillJSON{}}
	for _, r := range reports {
		v := r.Verdict
		sk := reviewSkillJSON{
			Name: r.Skill.Name, Format: string(r.Skill.Format), Plugin: review.IsPlugin(r.Skill), Source: r.Skill.Location.Source,
			File:       findingPath(cwd, r.Skill, r.Skill.Location.File),
			Provenance: registry.Provenance(r.Skill),
			Verdict:    reviewVerdictJSON{Line: v.Line, reviewCountsJSON: reviewCountsJSON{Errors: v.Errors, Warnings: v.Warnings, Infos: v.Infos}},
			Findings:   []reviewFindingJSON{},
		}
		for _, d := range r.Findings {
			sk.Findings = append(sk.Findings, reviewFindingJSON{
				Rule: d.Rule, Severity: d.Severity.String(), File: findingPath(cwd, r.Skill, d.File),
				Line: d.Line, Column: d.Column, Message: review.Visible(d.Message), Hint: d.Hint,
			})
		}
		out.Skills = append(out.Skills, sk)
		out.Summary.Skills++
		out.Summary.Errors += v.Errors
		out.Summary.Warnings += v.Warnings
		out.Summary.Infos += v.Infos
	}
	return jsonout.Encode(w, out)
}
