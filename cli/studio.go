package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/formats/xgs/bundle"
	"github.com/skillstudio/skillstudio/internal/theme"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/ui"
)

// themeEnv fixes the studio's palette where the terminal does not answer
// the background-colour query (tmux, CI, screenshots).
const themeEnv = theme.Env

// addStudioFlags gives the root command the studio's flags.
func (a *app) addStudioFlags(root *cobra.Command) {
	f := root.Flags()
	f.String("theme", "", "colour theme: dark or light (default: the terminal's background; env "+themeEnv+")")
	f.String("profile", "", "which frontmatter fields count as known: "+profileNames())
	f.String("config", "", "read this config file instead of the project's .skillstudio.yaml")
	f.Bool("no-watch", false, "do not watch skills for changes (no live lint)")
	f.Bool("examples", false, "open the example library built into skillstudio (whatever this folder holds)")
	f.StringArray("exclude", nil, excludeUsage)
	addTrustFlag(root)
}

// runStudio opens the studio on SOURCE... (the root command's RunE).
func (a *app) runStudio(cmd *cobra.Command, args []string) error {
	opts, err := a.studioOptions(cmd, args)
	if err != nil {
		return err
	}
	if !term.IsTerminal(os.Stdout.Fd()) || !term.IsTerminal(os.Stdin.Fd()) {
		return usagef("the studio needs a terminal; for scripts use `skillstudio list` or `skillstudio show SKILL`")
	}
	builder := bundle.NewBuilder(bundle.Options{Lint: model.Options{Profile: opts.Profile}})
	defer builder.Close()
	opts.Builder = studioBuilder{builder}
	return ui.Run(opts)
}

// studioBuilder adapts the incremental bundle builder to the studio's
// status bar.
type studioBuilder struct{ b *bundle.Builder }

func (s studioBuilder) Build(file string) ui.BuildResult {
	start := time.Now()
	r := s.b.Rebuild(file)
	res := ui.BuildResult{Bytes: len(r.Output), Duration: time.Since(start)}
	if !r.OK() {
		msg := "build failed"
		if len(r.Errors) > 0 {
			d := r.Errors[0]
			msg = fmt.Sprintf("%s:%d:%d: %s", filepath.Base(d.File), d.Line, d.Column, d.Message)
		}
		res.Err = errors.New(msg)
	}
	return res
}

// studioOptions reads flags, environment and config into ui.Options.
func (a *app) studioOptions(cmd *cobra.Command, args []string) (ui.Options, error) {
	f := cmd.Flags()
	themeFlag, _ := f.GetString("theme")
	profileFlag, _ := f.GetString("profile")
	configFile, _ := f.GetString("config")
	noWatch, _ := f.GetBool("no-watch")
	examples, _ := f.GetBool("examples")
	excludes, _ := f.GetStringArray("exclude")

	// A local SOURCE that does not exist is a typo: say so before the
	// screen is taken over.
	root := cmd.Root()
	for _, arg := range args {
		if registry.IsRemote(arg) {
			continue
		}
		if _, err := os.Stat(arg); err != nil {
			// `skillstudio lnit` is more likely a mistyped command.
			if root.SuggestionsMinimumDistance <= 0 {
				root.SuggestionsMinimumDistance = 2 // cobra's default, set only when it suggests itself
			}
			if s := root.SuggestionsFor(arg); len(s) > 0 {
				return ui.Options{}, usagef("cannot open %s: %v (did you mean the command %q?)", arg, unwrapPathErr(err), s[0])
			}
			return ui.Options{}, usagef("cannot open %s: %v", arg, unwrapPathErr(err))
		}
	}
	start := "."
	if len(args) > 0 && !registry.IsRemote(args[0]) {
		start = args[0]
	}
	cfg, err := config.Load(configFile, start, formats.Rules())
	if err != nil {
		return ui.Options{}, usageError{err}
	}
	choice, err := theme.Resolve(themeFlag, cfg.Theme, os.Environ())
	if err != nil {
		return ui.Options{}, usageError{err}
	}
	var flagProfile model.Profile
	if profileFlag != "" {
		p, ok := parseProfile(profileFlag)
		if !ok {
			return ui.Options{}, usagef("unknown --profile %q (want %s)", profileFlag, profileNames())
		}
		flagProfile = p
	}
	// The same resolution at start and on every reload, so a changed
	// file means what it would have meant at start (flags still win).
	resolve := func(cfg *config.Config) (ui.ConfigReload, error) {
		profile := model.ProfileAll
		if cfg.Profile != "" {
			profile = cfg.Profile
		}
		if flagProfile != "" {
			profile = flagProfile
		}
		exclude, err := excludeFilter(cfg, excludes)
		if err != nil {
			return ui.ConfigReload{}, err
		}
		return ui.ConfigReload{
			Profile: profile, Config: cfg.Formats(), ReviewConfig: cfg.ReviewFormats(),
			ListingAgents: cfg.Agents, ContextTokens: cfg.Context, Exclude: exclude, Folders: cfg.Folders(flagProfile != ""),
			Files: studioConfigFiles(cfg, configFile, start), Problems: nestedProblems(cfg),
		}, nil
	}
	now, err := resolve(cfg)
	if err != nil {
		return ui.Options{}, err
	}
	reload := func() (ui.ConfigReload, error) {
		cfg, err := config.Load(configFile, start, formats.Rules())
		if err != nil {
			return ui.ConfigReload{}, err
		}
		return resolve(cfg)
	}
	remote := a.remote
	consent := studioConsent(cmd, cfg, remote)
	return ui.Options{
		Consent:        consent,
		Remote:         &remote,
		ConfigPath:     config.UserPath(),
		Sources:        args,
		ExtraSources:   cfg.Sources,
		Examples:       examples,
		Theme:          choice.Name(),
		NoColor:        choice.NoColor,
		Profile:        now.Profile,
		Config:         now.Config,
		ReviewConfig:   now.ReviewConfig,
		ListingAgents:  now.ListingAgents,
		ContextTokens:  now.ContextTokens,
		Exclude:        now.Exclude,
		Folders:        now.Folders,
		ConfigFiles:    now.Files,
		ConfigProblems: now.Problems,
		ReloadConfig:   reload,
		Watch:          !noWatch,
		Open: func(spec string) (registry.Opened, error) {
			return registry.OpenSource(context.Background(), spec, remote)
		},
	}, nil
}

// studioConfigFiles are the files the studio watches for configuration
// changes: those read, and, with no project file found, the one that
// would be found first (created while the studio runs).
func studioConfigFiles(cfg *config.Config, explicit, start string) []string {
	files := slices.Clone(cfg.Files)
	if p := config.UserPath(); p != "" && !slices.Contains(files, p) {
		files = append(files, p)
	}
	if explicit == "" {
		if _, ok := config.FindProject(start); !ok {
			dir, err := filepath.Abs(start)
			if info, statErr := os.Stat(dir); err == nil && statErr == nil {
				if !info.IsDir() {
					dir = filepath.Dir(dir)
				}
				files = append(files, filepath.Join(dir, config.ProjectFileName))
			}
		}
	}
	return files
}

func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
