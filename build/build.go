// Package build is one `skillstudio build` run: it finds the .xgs.js
// skills under the paths given, bundles each with formats/xgs/bundle,
// writes the bundles and registry.json, and with Watch rebuilds what each
// save touches until interrupted.
//
// It is not part of formats/xgs/bundle because it finds skills through
// formats and registry, which themselves import bundle; bundle stays the
// esbuild layer (one skill in, one bundle out) and this package owns the
// session around it: discovery, the output folder, progress lines for a
// person, and the watch loop.
package build

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/formats/xgs/bundle"
	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/sanitize"
)

// Request is everything a build run was told.
type Request struct {
	Paths         []string // default "."
	Out           string   // the output folder
	Watch, Minify bool
	ConfigFile    string // "" = the project's .skillstudio.yaml
	// Exclude adds patterns (relative to the working directory) to the
	// config's exclude: list; matching paths are not searched.
	Exclude []string
	// Stdout gets one line per build; Stderr gets findings and problems.
	Stdout, Stderr io.Writer
	// Debounce overrides the watcher's quiet time (tests).
	Debounce time.Duration
	// Ready, when set, is called once the watch loop is listening (tests).
	Ready func()
}

// ErrFailed is Run's error when a skill did not build; what went wrong
// has been printed.
var ErrFailed = errors.New("a skill failed to build")

// Run builds every skill once and, with Watch, keeps rebuilding until
// ctx ends or the process is interrupted. Errors other than ErrFailed are
// bad input: a path, the output folder or the config file.
func Run(ctx context.Context, req Request) error {
	if len(req.Paths) == 0 {
		req.Paths = []string{"."}
	}
	if strings.TrimSpace(req.Out) == "" {
		return errors.New("--out needs a folder")
	}
	cwd, _ := os.Getwd()
	absOut, err := filepath.Abs(req.Out)
	if err != nil {
		return fmt.Errorf("--out %s: %v", req.Out, err)
	}
	// The project's rule config decides lint counts and which header
	// findings are errors that stop a build, as it does for lint, and
	// which paths the search leaves out.
	cfg, err := config.Load(req.ConfigFile, req.Paths[0], formats.Rules())
	if err != nil {
		return err
	}
	if lo := cfg.LinkedOut; lo != nil && req.Stderr != nil {
		fmt.Fprintf(req.Stderr, "note: %s\n", sanitize.Line(lo.Note(func(p string) string { return display.Path(cwd, p) })))
	}
	ex, err := cfg.ExcludeFilter(req.Exclude)
	if err != nil {
		return fmt.Errorf("--exclude: %w", err)
	}
	s := &session{stdout: req.Stdout, stderr: req.Stderr, cwd: cwd, out: absOut, skills: map[string]*builtSkill{}}
	cfg.AlsoUnder(req.Paths[1:])
	if err := s.find(req.Paths, ex, cfg.Folders(true)); err != nil {
		return err
	}
	// The output folder (dist by default) sits in the checkout, which a
	// pull request controls: a symbolic link there would have the bundles
	// written wherever it points. The user can name the target itself.
	if info, err := os.Lstat(absOut); err == nil && info.Mode()&os.ModeSymlink != 0 {
		target, _ := os.Readlink(absOut)
		return fmt.Errorf("--out %s is a symbolic link to %s; a build does not write through a link (name the folder it points to with --out if that is meant)", display.Path(cwd, absOut), sanitize.Line(target))
	}
	if link, target, ok := pathname.LinkOnTheWay(req.Out, false); ok {
		return fmt.Errorf("--out %s: %s is a symbolic link to %s; a build does not write through a link (name the folder it points to if that is meant)", sanitize.Line(req.Out), sanitize.Line(link), sanitize.Line(target))
	}
	opts := bundle.Options{Minify: req.Minify, Filter: cfg.Formats().Filter}
	if cfg.Profile != "" {
		opts.Lint.Profile = cfg.Profile
	}
	s.builder = bundle.NewBuilder(opts)
	defer s.builder.Close()

	failed := s.buildAll()
	if !req.Watch {
		if failed > 0 {
			return ErrFailed
		}
		return nil
	}
	// ctrl-c ends the watch loop, which says "stopped", rather than the
	// process.
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	return s.watch(ctx, req)
}
