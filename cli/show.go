package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/internal/termout"
	"github.com/skillstudio/skillstudio/internal/theme"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/ui"
)

func (a *app) newShowCmd() *cobra.Command {
	var width int
	var style string
	cmd := &cobra.Command{
		Use:   "show SKILL",
		Short: "Render a skill's Markdown to the terminal, as the studio's Read tab does",
		Long: `show renders the Markdown that matters for a skill — a SKILL.md body, an OS Loop
docs.md, or an .xgs.js skill's description and top-of-file notes — with glamour,
like glow. SKILL is a skill file or folder, or the name of a skill in the
embedded example library.

--style defaults to notty when stdout is not a terminal or NO_COLOR is set,
else to SKILLSTUDIO_THEME, else to the terminal's background. --width defaults
to the terminal's width (80 when not a terminal).`,
		Example: `  skillstudio show my-skill/
  skillstudio show --style notty --width 72 release-notes`,
		Args:        cobra.ExactArgs(1),
		Annotations: pacesGC,
		RunE: func(cmd *cobra.Command, args []string) error {
			defer batchGC(showGCPercent)()
			return a.runShow(cmd.Context(), cmd.OutOrStdout(), args[0], width, style)
		},
	}
	cmd.Flags().IntVar(&width, "width", 0, "wrap at N columns (default: the terminal's width, or 80)")
	cmd.Flags().StringVar(&style, "style", "", "dark, light or notty (no colour)")
	return a.addRemoteFlags(cmd)
}

func (a *app) runShow(ctx context.Context, w io.Writer, spec string, width int, style string) error {
	if width < 0 {
		return usagef("--width %d: want a number of columns (or leave it out for the terminal's width)", width)
	}
	s, err := a.showSkill(ctx, spec)
	if err != nil {
		return err
	}
	fd, isTerm := terminalFd(w)
	if width <= 0 {
		width = 80
		if isTerm {
			if tw, _, err := term.GetSize(fd); err == nil && tw > 0 {
				width = tw
			}
		}
	}
	switch style = strings.ToLower(style); style {
	case "dark", "light", "notty":
	case "":
		style = defaultShowStyle(isTerm)
	default:
		return usagef("unknown --style %q (want dark, light or notty)", style)
	}
	md := s.Body
	if strings.TrimSpace(md) == "" {
		md = fmt.Sprintf("# %s\n\n%s\n", s.Name, s.Description)
	}
	text, err := ui.RenderMarkdown(md, width, style)
	if err != nil {
		return err
	}
	if !isTerm && style == "notty" {
		// A pipe or a file gets plain text: no OSC 8 links, no styles.
		text = termout.Plain(text)
	}
	_, err = fmt.Fprintln(w, text)
	return err
}

// defaultShowStyle: plain text for pipes and NO_COLOR, else the theme the
// user fixed, else the terminal's background.
func defaultShowStyle(isTerm bool) string {
	choice, err := theme.Resolve("", "", os.Environ())
	if !isTerm || choice.NoColor {
		return "notty"
	}
	if err == nil && choice.Fixed {
		return choice.Name()
	}
	if lipgloss.HasDarkBackground(os.Stdin, os.Stdout) {
		return "dark"
	}
	return "light"
}

// showSkill reads the one skill SKILL names: a path on disk (or a remote
// source), else a skill of that name in the embedded library.
func (a *app) showSkill(ctx context.Context, spec string) (*model.Skill, error) {
	opts := model.Options{Profile: model.ProfileAll}
	if _, err := os.Stat(spec); errors.Is(err, os.ErrNotExist) && !registry.IsRemote(spec) {
		// A name: a skill of that name in the current folder first (as
		// the README promises), then in the example library.
		if here, err := registry.LoadSources(ctx, []string{"."}, opts, nil, a.remote); err == nil {
			if s := here.Lookup(spec); s != nil {
				return s, nil
			}
		}
		lib := registry.Embedded().Load(ctx, opts, nil)
		if s := lib.Lookup(spec); s != nil {
			return s, nil
		}
		return nil, usagef("cannot open %s: no such file or folder (nor a skill of that name in this folder or the example library)", spec)
	}
	if s := previewLocal(spec); s != nil {
		return s, nil
	}
	lib, err := registry.LoadSources(ctx, []string{spec}, opts, nil, a.remote)
	if err != nil {
		return nil, usageError{err}
	}
	switch len(lib.Skills) {
	case 0:
		return nil, usagef("%s holds no skill", spec)
	case 1:
		return lib.Skills[0], nil
	}
	// A folder of skills: accept it when one skill lives exactly there.
	if abs, err := filepath.Abs(spec); err == nil {
		for _, s := range lib.Skills {
			if p := s.Location.Path(s.Location.Dir); p == abs {
				return s, nil
			}
		}
	}
	return nil, usagef("%s holds %d skills; name one of them (see `skillstudio list %s`)", spec, len(lib.Skills), spec)
}

// previewLocal reads spec for rendering when it is, on disk, exactly one
// skill (its folder or main file): show renders, so it needs no search of
// the tree and no lint. Anything else (a folder of skills, a remote
// source) is nil and goes through the whole load.
func previewLocal(spec string) *model.Skill {
	if registry.IsRemote(spec) {
		return nil
	}
	abs, err := filepath.Abs(spec)
	if err != nil || filepath.Dir(abs) == abs {
		return nil
	}
	root := filepath.Dir(abs)
	loc := model.Location{Source: spec, Root: root, Local: true, FS: os.DirFS(root)}
	c, ok := formats.Detect(loc.FS, filepath.Base(abs))
	if !ok {
		return nil
	}
	return formats.Preview(c, loc)
}
