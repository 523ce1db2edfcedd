package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/baseline"
	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/fix"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/internal/termout"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/report"
	"github.com/skillstudio/skillstudio/sanitize"
)

// lintFormats are the --format values.
var lintFormats = []string{"text", "json", "sarif", "github"}

// lintPrinter is the printer for a --format value.
func lintPrinter(format string) (func(w io.Writer, lib *model.Library, opts report.Options) error, bool) {
	switch format {
	case "text":
		return report.Text, true
	case "json":
		return report.JSON, true
	case "sarif":
		return report.SARIF, true
	case "github":
		return report.GitHub, true
	}
	return nil, false
}

func (a *app) newLintCmd() *cobra.Command {
	var (
		format, profile, configFile string
		strict, fix, withReview     bool
		lf                          listingFlags
		req                         lintRequest
	)
	cmd := &cobra.Command{
		Use:   "lint [PATH...] | lint --changed [FILE...]",
		Short: "Check skills and report findings as text, JSON or SARIF",
		Long: `lint reads every skill under each PATH (a skill file, a skill folder, or any
folder to search; default ".") and reports what its rules find.

Exit status: 0 when no finding reaches --fail-on (default error; --strict
is --fail-on warning) and warnings are within --max-warnings, 1 otherwise,
2 on bad usage, a bad config file or an unreadable path.

In CI, --format github prints GitHub Actions annotations, --output
sarif=FILE writes SARIF besides, and --baseline FILE reports only findings
not recorded by --write-baseline FILE. A comment silences a rule where it
is meant: <!-- skillstudio-disable-next-line RULE --> in Markdown,
// skillstudio-disable-next-line RULE in scripts (skillstudio-disable RULE
for the whole file).

Configuration comes from $XDG_CONFIG_HOME/skillstudio/config.yaml and the
nearest .skillstudio.yaml above the first PATH (or --config FILE).

` + excludeHelp + `

The library checks simulate Claude Code's skill listing at a 200,000-token
context window by default (its 8,000-character budget): each folder of
sibling SKILL.md skills is one library. --agent and --context (or the
config's agents: and context:) choose others; see skillstudio listing.

--changed reads the PATH arguments as the files a change touches (what
pre-commit passes its hooks): lint still reads the whole tree, --tree DIR
(default "."), since library rules need every skill, but reports and
judges only the skills holding one of the files (and library findings on
one, such as an index.json), and --fix writes only to the files named;
a fix that would edit another file is left, and said; a named file that
is not there or lies outside the tree is said on stderr. A support file
(references/, scripts/, an OS Loop manifest.json) makes its skill one to
judge: a file belongs to the nearest skill folder above it (a .xgs.js
skill's helper to the .xgs.js skills beside it), and with no such file
the tree is not read. --staged adds the files git's index deletes
(git diff --cached), which pre-commit does not pass its hooks. Check the
whole tree in CI: lint without --changed.

--review adds the security review's warnings and errors (hidden text and
instructions, undeclared hosts, secrets, download-and-run commands), for
a CI gate on skills you did not write; skillstudio review shows all of it.`,
		Example: `  skillstudio lint
  skillstudio lint --strict skills/
  skillstudio lint --exclude fixtures/ --exclude '**/testdata/**' .
  skillstudio lint --format sarif . > skillstudio.sarif
  skillstudio lint --fix my-skill/SKILL.md
  skillstudio lint --fix --dry-run .
  skillstudio lint --fix --changed $(git diff --cached --name-only)
  skillstudio lint --changed --staged   # the commit's deletions too
  skillstudio lint --format github --output sarif=skillstudio.sarif .
  skillstudio lint --write-baseline .skillstudio-baseline.json
  skillstudio lint --baseline .skillstudio-baseline.json`,
		Args:        cobra.ArbitraryArgs,
		Annotations: pacesGC,
		RunE: func(cmd *cobra.Command, args []string) error {
			defer batchGC(lintGCPercent)()
			req.paths, req.format, req.strict, req.fix = args, format, strict, fix
			req.profile, req.profileSet, req.configFile = profile, cmd.Flags().Changed("profile"), configFile
			req.listing, req.cmd, req.review = &lf, cmd, withReview
			req.treeSet = cmd.Flags().Changed("tree")
			return a.runLint(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), req)
		},
	}
	f := cmd.Flags()
	f.StringVar(&format, "format", "text", "output format: "+strings.Join(lintFormats, ", "))
	f.StringVar(&req.failOn, "fail-on", "", "the lowest severity that fails: error (default), warning or info")
	f.IntVar(&req.maxWarnings, "max-warnings", -1, "fail when there are more warnings than this (-1: no limit)")
	f.BoolVar(&req.quiet, "quiet", false, "report errors only")
	f.StringArrayVar(&req.outputs, "output", nil, "also write the report as FORMAT to FILE (FORMAT=FILE, repeatable)")
	f.BoolVar(&req.dryRun, "dry-run", false, "with --fix: print the fixes as a unified diff and write nothing")
	f.StringVar(&req.baseline, "baseline", "", "report only findings not recorded in this baseline file")
	f.StringVar(&req.writeBaseline, "write-baseline", "", "record every finding in this baseline file and exit 0")
	f.BoolVar(&strict, "strict", false, "exit 1 on warnings as well as errors")
	f.StringVar(&profile, "profile", string(model.ProfileAll), "which frontmatter fields count as known: "+profileNames())
	f.BoolVar(&fix, "fix", false, "apply the safe, exact fixes to local files, then report what remains")
	f.BoolVar(&req.changed, "changed", false, "the arguments are changed files: read the whole --tree, report them, fix only them")
	f.StringVar(&req.tree, "tree", ".", "with --changed: the folder read whole for the library rules")
	f.BoolVar(&req.staged, "staged", false, "with --changed: also the files git's index deletes (pre-commit passes only those that remain)")
	f.BoolVar(&withReview, "review", false, "add the security review's warnings and errors (see skillstudio review)")
	f.StringVar(&configFile, "config", "", "read this config file instead of the project's .skillstudio.yaml")
	addExcludeFlag(cmd, &req.exclude)
	lf.add(cmd, true)
	cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(lintFormats, cobra.ShellCompDirectiveNoFileComp))
	cmd.RegisterFlagCompletionFunc("fail-on", cobra.FixedCompletions([]string{"error", "warning", "info"}, cobra.ShellCompDirectiveNoFileComp))
	cmd.RegisterFlagCompletionFunc("profile", cobra.FixedCompletions(profileList(), cobra.ShellCompDirectiveNoFileComp))
	return a.addRemoteFlags(cmd)
}

type lintRequest struct {
	paths       []string
	format      string
	strict, fix bool
	profile     string
	profileSet  bool
	configFile  string
	exclude     []string // --exclude patterns
	// listing and cmd resolve --agent and --context (nil: the config's).
	listing *listingFlags
	cmd     *cobra.Command
	review  bool
	// changed: paths are the files a change touches; tree is what is read.
	changed, treeSet bool
	tree             string
	// staged adds the index's deleted files to the changed ones (git).
	staged bool

	failOn                  string
	maxWarnings             int
	quiet, dryRun           bool
	outputs                 []string
	baseline, writeBaseline string
}

// check validates the flags that need no loading, and returns the
// severity that fails.
func (req lintRequest) check() (model.Severity, error) {
	failOn := model.SeverityError
	if req.strict {
		failOn = model.SeverityWarning
	}
	if req.failOn != "" {
		s, err := model.ParseSeverity(req.failOn)
		if err != nil || s == model.SeverityOff {
			return 0, usagef("unknown --fail-on %q (want error, warning or info)", req.failOn)
		}
		failOn = s
	}
	if req.dryRun && !req.fix {
		return 0, usagef("--dry-run goes with --fix (lint --fix --dry-run shows the fixes as a diff)")
	}
	if req.treeSet && !req.changed {
		return 0, usagef("--tree goes with --changed (without it, name the folder as PATH)")
	}
	if req.staged && !req.changed {
		return 0, usagef("--staged goes with --changed (lint --changed --staged [FILE...])")
	}
	if req.changed && req.writeBaseline != "" {
		return 0, usagef("--write-baseline records the whole tree's findings: run it without --changed")
	}
	if req.baseline != "" && req.writeBaseline != "" {
		return 0, usagef("--baseline and --write-baseline: use one (write the baseline first, then lint against it)")
	}
	return failOn, nil
}

func (a *app) runLint(ctx context.Context, stdout, stderr io.Writer, req lintRequest) error {
	printer, ok := lintPrinter(req.format)
	if !ok {
		return usagef("unknown --format %q (want %s)", req.format, strings.Join(lintFormats, ", "))
	}
	failOn, err := req.check()
	if err != nil {
		return err
	}
	outputs, err := parseOutputs(req.outputs)
	if err != nil {
		return err
	}
	var base baseline.File
	if req.baseline != "" {
		if base, err = baseline.Read(req.baseline); err != nil {
			return usageError{err}
		}
	}
	cwd, _ := os.Getwd()
	var changed *changedFiles
	if req.changed {
		names := req.paths
		noteUnjudged(stderr, names, req.tree, cwd)
		if req.staged {
			deleted, err := stagedDeletions(ctx, cwd)
			if err != nil {
				return usageError{err}
			}
			names = append(names[:len(names):len(names)], deleted...)
		}
		c := newChangedFiles(names, cwd, req.tree)
		changed, req.paths = &c, []string{req.tree}
		if !c.related {
			fmt.Fprintln(stderr, "lint --changed: no changed file is in a skill, nor one a skill reader reads: nothing to judge, the tree is not read")
		}
	}
	if len(req.paths) == 0 {
		req.paths = []string{"."}
	}
	cfg, err := config.Load(req.configFile, req.paths[0], formats.Rules())
	if err != nil {
		return usageError{err}
	}
	linkedOutNote(stderr, cfg)
	cfg.AlsoUnder(req.paths[1:])
	profile := model.ProfileAll
	if cfg.Profile != "" {
		profile = cfg.Profile
	}
	if req.profileSet {
		p, ok := parseProfile(req.profile)
		if !ok {
			return usagef("unknown --profile %q (want %s)", req.profile, profileNames())
		}
		profile = p
	}
	// Findings are all lint prints: readers may drop their documents.
	opts := model.Options{Profile: profile, FindingsOnly: true, ListingAgents: cfg.Agents, ContextTokens: cfg.Context, KeepReadStamps: req.fix || req.dryRun}
	if opts.Exclude, err = excludeFilter(cfg, req.exclude); err != nil {
		return err
	}
	opts.Folders = cfg.Folders(req.profileSet)
	if req.listing != nil {
		if opts.ListingAgents, opts.ContextTokens, err = req.listing.resolve(req.cmd, cfg); err != nil {
			return err
		}
	}
	load := func() (*model.Library, error) {
		lib, err := registry.LoadSources(ctx, req.paths, opts, cfg.Formats(), a.remote)
		if err != nil {
			return nil, usageError{err}
		}
		return lib, nil
	}
	var lib *model.Library
	if changed != nil && !changed.related {
		// A commit of a repository's src/ alone: no skill to judge, so
		// the tree is not read (the pre-commit hooks run on every
		// commit, for the deletions pre-commit does not pass them).
		lib = &model.Library{}
		req.fix = false
	} else {
		if lib, err = load(); err != nil {
			return err
		}
		if err := nestedConfigs(cfg, stderr); err != nil {
			return err
		}
	}
	var keep func(fix.Fix) bool
	if changed != nil {
		keep = changed.fix
	}
	if req.dryRun {
		// The diff goes where it cannot corrupt a machine-readable stream.
		diffOut := stdout
		if req.format != "text" {
			diffOut = stderr
		}
		printFixDiff(lib, keep, diffOut, cwd)
	} else if req.fix {
		// Fix reports go where they cannot corrupt a machine-readable
		// stream: stdout for text, stderr for JSON and SARIF.
		fixOut := stdout
		if req.format != "text" {
			fixOut = stderr
		}
		if lib, err = fixAndReload(lib, load, keep, fixOut, stderr, cwd); err != nil {
			return err
		}
	}
	left := 0
	if changed != nil {
		lib, left = changed.scope(lib, failOn)
		if req.fix && !req.dryRun {
			changed.noteUnchangedFixes(lib, stderr, cwd)
		}
	}
	if req.review {
		noteReviewIgnored(stderr, cfg, false, cwd)
		addReviewFindings(lib, cfg.ReviewFormats())
	}
	root := projectRoot(cwd, os.Getenv)
	if req.writeBaseline != "" {
		// Like --output: not into a folder the checkout linked elsewhere.
		// (A link as the file itself is replaced, never written through.)
		if link, target, ok := pathname.LinkOnTheWay(req.writeBaseline, false); ok {
			return usageError{fmt.Errorf("--write-baseline %s: %s is a symbolic link to %s: a baseline is not written through a link (name a path without one)", req.writeBaseline, link, target)}
		}
		if name, ok := skillFileAt(lib, req.writeBaseline); ok {
			return usageError{fmt.Errorf("--write-baseline %s: that is a file of the skill %s being linted; the baseline would replace it (name another file)", req.writeBaseline, sanitize.Line(name))}
		}
		b := baseline.New(baseline.Findings(lib, root), "skillstudio "+a.version)
		if err := baseline.Write(req.writeBaseline, b); err != nil {
			return usageError{fmt.Errorf("--write-baseline: %w", err)}
		}
		fmt.Fprintf(stderr, "recorded %d findings in %s; lint --baseline %s now reports only new ones\n", len(b.Findings), req.writeBaseline, req.writeBaseline)
		return nil
	}
	if req.baseline != "" {
		lib = base.Filter(lib, root)
	}
	if req.quiet {
		lib = keepSeverities(lib, model.SeverityError)
	}
	ropts := report.Options{BaseDir: cwd, Rules: formats.Rules(), ToolVersion: a.version}
	if req.format == "github" || req.format == "sarif" {
		// Annotation paths and SARIF uris are resolved against the
		// repository, whichever folder lint runs in.
		ropts.BaseDir = root
	}
	for _, o := range outputs {
		if err := o.write(lib, ropts, root); err != nil {
			return err
		}
	}
	if req.format == "text" {
		ropts.Color = report.ShouldColor(stdout, os.Environ())
	}
	out := stdout
	if req.format == "github" {
		// Its lines are workflow commands on purpose; everything else
		// printed is kept from starting one (termout).
		out = termout.Trusted(stdout)
	}
	if err := printer(out, lib, ropts); err != nil {
		return err
	}
	sum := report.Summarize(lib)
	if left > 0 {
		// Said, not judged: the change did not make them.
		noun := "findings"
		if left == 1 {
			noun = "finding"
		}
		fmt.Fprintf(stderr, "not judged: %d %s at --fail-on or above in skills no changed file is in (lint without --changed reports them)\n", left, noun)
	}
	if changed == nil && sum.Skills == 0 && sum.Errors+sum.Warnings+sum.Infos == 0 {
		// Not a failure (a repository may have none yet), but a likely
		// wrong PATH: say what was looked for.
		excluded := ""
		if opts.Exclude != nil {
			excluded = "; exclude patterns leave some paths out"
		}
		fmt.Fprintf(stderr, "no skills found in %s (lint looks for NAME.xgs.js files, SKILL.md folders and OS Loop manifest.json packages%s)\n", strings.Join(req.paths, ", "), excluded)
	}
	if lintFails(sum, failOn, req.maxWarnings) {
		return exitError{1}
	}
	return nil
}
