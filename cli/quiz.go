package cli

import (
	"context"
	"errors"
	"fmt"
	"github.com/skillstudio/skillstudio/internal/jsonout"
	"github.com/skillstudio/skillstudio/sanitize"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/quiz"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/report"
)

func (a *app) newQuizCmd() *cobra.Command {
	var (
		answers      string
		walk, asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "quiz PATH",
		Short: "Run a SKILL.md's quiz gates as an agent meets them, without an agent",
		Long: `quiz runs the quiz gates of the SKILL.md skill at PATH (its folder or its
SKILL.md) the way an agent meets them: each answer is scored and explained,
and each branch action is resolved to what the agent would receive: the
section a goto lands on, the content of a load-reference file, the name and
description of a load-skill target, the message.

--answers gives the options in the order the questions are met, retries of a
failed gate included: 1-based numbers or option labels, comma-separated.
--walk tries every option of every question and reports every branch action
that cannot resolve. With neither, on a terminal, the quiz runs interactively.

load-skill targets resolve among the skills in the folder above the skill,
then the sources named in the configuration. A PATH that is not on disk may
name a skill of the embedded example library.

Exit status: 0 when every gate opened (--walk: every branch resolves), 1
when a gate stayed closed (--walk: a branch is broken), 2 for an invalid
quiz, a branch action that cannot resolve, or a bad answer list.`,
		Example: `  skillstudio quiz skills/webhook-verification --answers 1,2,2,1
  skillstudio quiz ledger-api-onboarding --answers "2,1,1,1" --json
  skillstudio quiz my-skill/SKILL.md --walk`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runQuiz(cmd, quizRequest{
				path: args[0], answers: answers, answersSet: cmd.Flags().Changed("answers"),
				walk: walk, json: asJSON,
			})
		},
	}
	f := cmd.Flags()
	f.StringVar(&answers, "answers", "", "options in the order questions are met: numbers or labels, comma-separated")
	f.BoolVar(&walk, "walk", false, "try every option of every question and report branch actions that cannot resolve")
	f.BoolVar(&asJSON, "json", false, "print the transcript (or the walk report) as JSON")
	addTrustFlag(cmd)
	return a.addRemoteFlags(cmd)
}

type quizRequest struct {
	path       string
	answers    string
	answersSet bool
	walk, json bool
}

func (a *app) runQuiz(cmd *cobra.Command, req quizRequest) error {
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	stdout := cmd.OutOrStdout()
	if req.walk && req.answersSet {
		return usagef("--walk and --answers do not go together: --walk tries every option itself")
	}
	// The skill is read first, so a wrong PATH is named before anything
	// is said about terminals.
	skill, resolver, err := a.loadQuizSkill(ctx, cmd, req.path)
	if err != nil {
		return err
	}
	if !req.walk && !req.answersSet {
		if err := quiz.Validate(skill); err != nil {
			return usageError{err} // "has no quiz" says more than "needs a terminal"
		}
		if _, tty := terminalFd(stdout); a.quizTUI == nil || !tty {
			return usagef("give --answers SPEC (e.g. --answers 1,3,2) or --walk; the interactive quiz needs a terminal")
		}
	}
	switch {
	case req.walk:
		return quizWalk(stdout, skill, resolver, req.json)
	case req.answersSet:
		return quizAnswers(stdout, cmd.ErrOrStderr(), skill, resolver, req)
	default:
		return a.quizTUI(cmd, skill, resolver)
	}
}

func quizAnswers(stdout, stderr io.Writer, s *model.Skill, resolver quiz.Resolver, req quizRequest) error {
	answers, err := quiz.SplitAnswers(req.answers)
	if err != nil {
		return usageError{err}
	}
	run, err := quiz.New(s, resolver)
	if err != nil {
		return usageError{err}
	}
	t, err := quiz.Replay(run, answers)
	if err != nil {
		return usageError{err}
	}
	if req.json {
		err = writeJSON(stdout, t)
	} else {
		err = quiz.WriteText(stdout, t)
	}
	if err != nil {
		return err
	}
	if len(t.Errors) > 0 {
		fmt.Fprintf(stderr, "%s: %d branch action(s) could not be resolved; run `skillstudio quiz --walk` to see every broken branch\n", sanitize.Line(s.Name), len(t.Errors))
		return exitError{2}
	}
	if !t.GatesOpen {
		return exitError{1}
	}
	return nil
}

func quizWalk(stdout io.Writer, s *model.Skill, resolver quiz.Resolver, asJSON bool) error {
	rep := quiz.Walk(s, resolver)
	var err error
	if asJSON {
		err = writeJSON(stdout, rep)
	} else {
		err = writeWalkText(stdout, rep)
	}
	if err != nil {
		return err
	}
	if rep.Invalid {
		return exitError{2}
	}
	if !rep.OK() {
		return exitError{1}
	}
	return nil
}

// writeWalkText prints a walk with every problem and broken branch as lint
// prints a finding: file:line:col, severity, rule, message and a hint.
func writeWalkText(w io.Writer, rep quiz.WalkReport) error {
	opts := report.Options{Color: report.ShouldColor(w, os.Environ())}
	if cwd, err := os.Getwd(); err == nil {
		opts.BaseDir = cwd
	}
	if _, err := fmt.Fprintln(w, rep.WalkHeadline()); err != nil {
		return err
	}
	if err := report.Findings(w, rep.Findings(), opts); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, rep.WalkSummary())
	return err
}

func writeJSON(w io.Writer, v any) error {
	return jsonout.Encode(w, v)
}

// loadQuizSkill reads the skill at path together with its library (the
// folder above it), so load-skill actions resolve to its siblings; names
// not found there are looked up in the configured sources, loaded only
// when first needed.
func (a *app) loadQuizSkill(ctx context.Context, cmd *cobra.Command, path string) (*model.Skill, quiz.Resolver, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, nil, usageError{err}
	}
	info, err := os.Stat(abs)
	if errors.Is(err, os.ErrNotExist) {
		if s, r, ok := embeddedQuizSkill(ctx, path); ok {
			return s, r, nil
		}
		return nil, nil, usagef("cannot open %s: no such file or folder (nor a skill of that name in the example library)", path)
	}
	if err != nil {
		return nil, nil, usagef("cannot open %s: %v", path, err)
	}
	skillDir := abs
	if !info.IsDir() {
		if !strings.EqualFold(filepath.Base(abs), "SKILL.md") {
			return nil, nil, usagef("%s is not a SKILL.md: quiz gates live in a SKILL.md's frontmatter", path)
		}
		skillDir = filepath.Dir(abs)
	}
	cfg, err := config.Load("", skillDir, formats.Rules())
	if err != nil {
		return nil, nil, usageError{err}
	}
	headlessConsent(cmd, cfg, cmd.ErrOrStderr())
	linkedOutNote(cmd.ErrOrStderr(), cfg)
	opts := model.Options{Profile: model.ProfileAll}
	if cfg.Profile != "" {
		opts.Profile = cfg.Profile
	}
	libDir := filepath.Dir(skillDir)
	// The library is named as the user named the skill (relative stays
	// relative), so sources in the transcript read the way they were typed.
	libSpec := filepath.Join(path, "..")
	if !info.IsDir() {
		libSpec = filepath.Join(path, "..", "..")
	}
	lib, err := registry.LoadSources(ctx, []string{libSpec}, opts, nil, a.remote)
	if err != nil {
		return nil, nil, usageError{err}
	}
	s := findSkillInDir(lib, skillDir)
	if s == nil {
		// The folder above may be unreadable or skipped; read the skill alone.
		if lib, err = registry.LoadSources(ctx, []string{skillDir}, opts, nil, a.remote); err != nil {
			return nil, nil, usageError{err}
		}
		if s = findSkillInDir(lib, skillDir); s == nil {
			return nil, nil, usagef("%s holds no SKILL.md skill", path)
		}
	}
	var extra []string
	for _, src := range cfg.Sources {
		if filepath.Clean(src) != libDir {
			extra = append(extra, src)
		}
	}
	resolver := quiz.Chain{quiz.LibraryResolver{Library: lib}}
	if len(extra) > 0 {
		resolver = append(resolver, &lazySources{ctx: ctx, specs: extra, opts: opts, remote: a.remote})
	}
	return s, resolver, nil
}

func findSkillInDir(lib *model.Library, dir string) *model.Skill {
	for _, s := range lib.Skills {
		if s.Format == model.FormatSkillMD && s.Location.Local && filepath.Clean(s.Location.Path(s.Location.Dir)) == dir {
			return s
		}
	}
	return nil
}

// embeddedQuizSkill finds a skill of the embedded example library by name
// or by its path inside the library, so `skillstudio quiz
// webhook-verification` works on a fresh machine.
func embeddedQuizSkill(ctx context.Context, path string) (*model.Skill, quiz.Resolver, bool) {
	lib := registry.Embedded().Load(ctx, model.Options{Profile: model.ProfileAll}, nil)
	want := strings.Trim(filepath.ToSlash(path), "/")
	want = strings.TrimSuffix(strings.TrimSuffix(want, "/SKILL.md"), "/skill.md")
	for _, s := range lib.Skills {
		if s.Format == model.FormatSkillMD && (s.Name == want || s.Location.Dir == want) {
			return s, quiz.LibraryResolver{Library: lib}, true
		}
	}
	return nil, nil, false
}

// lazySources loads extra sources the first time a name is not found in
// the skill's own library: most quizzes never need them.
type lazySources struct {
	ctx    context.Context
	specs  []string
	opts   model.Options
	remote registry.RemoteOptions
	once   sync.Once
	lib    *model.Library
	err    error
}

func (l *lazySources) ResolveSkill(name string) (*model.Skill, error) {
	l.once.Do(func() {
		l.lib, l.err = registry.LoadSources(l.ctx, l.specs, l.opts, nil, l.remote)
	})
	if l.lib == nil {
		return nil, fmt.Errorf("no skill named %q (configured sources failed to load: %v)", name, l.err)
	}
	return quiz.LibraryResolver{Library: l.lib}.ResolveSkill(name)
}
