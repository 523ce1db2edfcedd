package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/formats/xgs/bundle"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

func init() {
	rootCmd.AddCommand(newBuildCmd())
}

func newBuildCmd() *cobra.Command {
	var (
		out, configFile string
		watch, minify   bool
	)
	cmd := &cobra.Command{
		Use:   "build [PATH...]",
		Short: "Bundle .xgs.js skills into install-ready files and a registry.json",
		Long: `build bundles every .xgs.js skill under each PATH (a skill file or a folder to
search; default ".") with esbuild, in process — no Node.js needed. Each skill
becomes DIR/<name>.xgs.js: its header block exactly as written, then an IIFE
that evaluates @detect and mounts the skill on window.xgoose.skills.<namespace>.
@xgoose/skill is skillstudio's own runtime; zod is the skill folder's
node_modules/zod when there is one, else a documentation-only Zod.

DIR/registry.json lists every built skill, required skills first, with each
function's summary, signature, invocation, schemas and examples.

A skill whose header has errors is not built; one failed skill does not stop
the others. With --watch, build keeps running: it rebuilds a skill when its
folder changes (one line per rebuild, with the lint counts) until ctrl-c.

Configuration (rule severities, rules turned off) comes from the nearest
.skillstudio.yaml above the first PATH or --config FILE, as for lint.

Exit status: 0 when every skill built, 1 when one failed, 2 on bad usage.`,
		Example: `  skillstudio build skills/
  skillstudio build --out Resources/skills skills/*.xgs.js
  skillstudio build --watch .`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			defer resetFlags(cmd.Flags())
			return runBuild(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), buildRequest{
				paths: args, out: out, watch: watch, minify: minify, configFile: configFile,
			})
		},
	}
	f := cmd.Flags()
	f.StringVarP(&out, "out", "o", "dist", "folder to write the bundles and registry.json into")
	f.BoolVarP(&watch, "watch", "w", false, "rebuild on every change until interrupted")
	f.BoolVar(&minify, "minify", false, "minify the IIFE (the header is always kept as written)")
	f.StringVar(&configFile, "config", "", "read this config file instead of the project's .skillstudio.yaml")
	return cmd
}

type buildRequest struct {
	paths         []string
	out           string
	watch, minify bool
	configFile    string
	// debounce overrides bundle.DefaultDebounce (tests).
	debounce time.Duration
	// ready, when set, is called once the watch loop is listening (tests).
	ready func()
}

// buildSession is one `build` run: the skills it found, the builder that
// keeps an esbuild context per skill, and each skill's last good build.
type buildSession struct {
	stdout, stderr io.Writer
	cwd, out       string // out is absolute
	builder        *bundle.Builder
	order          []string // absolute skill paths, in discovery order
	skills         map[string]*builtSkill
	roots          []string // folders the user named (new skills appear there)
	watcher        *bundle.DirWatcher
	watched        map[string]bool
}

type builtSkill struct {
	display string
	good    *bundle.Result // the last successful build, or nil
}

func runBuild(ctx context.Context, stdout, stderr io.Writer, req buildRequest) error {
	if len(req.paths) == 0 {
		req.paths = []string{"."}
	}
	if strings.TrimSpace(req.out) == "" {
		return usagef("--out needs a folder")
	}
	cwd, _ := os.Getwd()
	absOut, err := filepath.Abs(req.out)
	if err != nil {
		return usagef("--out %s: %v", req.out, err)
	}
	s := &buildSession{stdout: stdout, stderr: stderr, cwd: cwd, out: absOut, skills: map[string]*builtSkill{}}
	if err := s.find(req.paths); err != nil {
		return err
	}
	// The project's rule config decides lint counts and which header
	// findings are errors that stop a build, as it does for lint.
	cfg, err := config.Load(req.configFile, req.paths[0])
	if err != nil {
		return usageError{err}
	}
	opts := bundle.Options{Minify: req.minify, Filter: cfg.Formats().Filter}
	if cfg.Profile != "" {
		opts.Lint.Profile = cfg.Profile
	}
	s.builder = bundle.NewBuilder(opts)
	defer s.builder.Close()

	failed := s.buildAll()
	if !req.watch {
		if failed > 0 {
			return exitError{1}
		}
		return nil
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	return s.watch(ctx, req)
}

// find collects the .xgs.js skills under each path, skipping the bundles
// an earlier build wrote into the output folder, and refusing an output
// folder that holds sources (their bundles would overwrite them).
func (s *buildSession) find(paths []string) error {
	built := builtFiles(s.out)
	for _, p := range paths {
		o, err := registry.OpenLocal(p)
		if err != nil {
			return usagef("%v", err)
		}
		if info, err := os.Stat(p); err == nil && info.IsDir() {
			abs, _ := filepath.Abs(p)
			s.roots = append(s.roots, abs)
		}
		found := 0
		for _, c := range formats.Find(o.Base.FS, o.Root).Candidates {
			if c.Format != model.FormatXGS {
				continue
			}
			abs := filepath.Join(o.Base.Root, filepath.FromSlash(c.Path))
			if filepath.Dir(abs) == s.out {
				if built[filepath.Base(abs)] {
					continue // a bundle an earlier build wrote, not a source
				}
				return usagef("--out %s holds the skills being built; the bundles would replace their sources (choose another folder)", displayPath(s.cwd, s.out))
			}
			found++
			s.add(abs)
		}
		if found == 0 && len(paths) > 1 {
			// With one PATH the error below says it.
			fmt.Fprintf(s.stderr, "%s: no .xgs.js skills here\n", p)
		}
	}
	if len(s.order) == 0 {
		return usagef("no .xgs.js skills to build in %s (name a folder or .xgs.js file that holds some)", strings.Join(paths, ", "))
	}
	return nil
}

// builtFiles names the bundles an earlier build listed in out's
// registry.json.
func builtFiles(out string) map[string]bool {
	files := map[string]bool{}
	b, err := os.ReadFile(filepath.Join(out, bundle.RegistryFile))
	if err != nil {
		return files
	}
	var reg bundle.Registry
	if json.Unmarshal(b, &reg) == nil {
		for _, s := range reg.Skills {
			files[s.File] = true
		}
	}
	return files
}

func (s *buildSession) add(abs string) {
	if s.skills[abs] != nil {
		return
	}
	s.order = append(s.order, abs)
	s.skills[abs] = &builtSkill{display: displayPath(s.cwd, abs)}
}

// buildAll builds every skill once, writes what built, and returns how
// many failed.
func (s *buildSession) buildAll() (failed int) {
	results := make([]*bundle.Result, 0, len(s.order))
	for _, abs := range s.order {
		r := s.builder.Rebuild(s.skills[abs].display) // findings name the path as shown
		results = append(results, &r)
	}
	reg := bundle.NewRegistry(results) // may fail duplicates and cycles
	for i, r := range results {
		s.report(r, false)
		if r.OK() {
			s.skills[s.order[i]].good = r
		} else {
			failed++
		}
	}
	if err := bundle.WriteDir(s.out, results, reg); err != nil {
		fmt.Fprintf(s.stderr, "cannot write %s: %v\n", displayPath(s.cwd, s.out), err)
		return failed + 1
	}
	fmt.Fprintf(s.stdout, "built %d of %d skills into %s (%s lists %d)\n",
		len(results)-failed, len(results), displayPath(s.cwd, s.out), bundle.RegistryFile, len(reg.Skills))
	return failed
}

// report prints one line per build, or the build's errors.
func (s *buildSession) report(r *bundle.Result, withLint bool) {
	lint := ""
	if withLint && r.Skill != nil {
		e, w, i := r.Skill.Counts()
		lint = fmt.Sprintf("  lint: %s, %s, %s", plural(e, "error"), plural(w, "warning"), plural(i, "info"))
	}
	if r.OK() {
		fmt.Fprintf(s.stdout, "%s%s\n", sanitize.Line(r.Status()), lint)
	} else {
		fmt.Fprintf(s.stdout, "%s  failed%s\n", sanitize.Line(nameOr(r)), lint)
	}
	for _, d := range append(append([]model.Diagnostic(nil), r.Errors...), r.Warnings...) {
		fmt.Fprintf(s.stderr, "%s:%d:%d: %s %s: %s\n", d.File, d.Line, d.Column, d.Severity, d.Rule, sanitize.Line(d.Message))
		if d.Hint != "" {
			fmt.Fprintf(s.stderr, "  hint: %s\n", sanitize.Line(d.Hint))
		}
	}
}

func nameOr(r *bundle.Result) string {
	if r.Name != "" {
		return r.Name
	}
	return r.Path
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	if word == "info" {
		return fmt.Sprintf("%d infos", n)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
