package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/config"
	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/templates"
	"github.com/skillstudio/skillstudio/ui"
)

// newRequest is everything `new` was told.
type newRequest struct {
	format, template                     string
	name, description, namespace, author string
	version, dir                         string
	matches, with                        []string
	yes, list                            bool
	templateSet                          bool
	stdinTTY, stdoutTTY                  bool
	userTemplates                        string // "" = config.TemplatesDir()
	wizard                               wizardFunc
}

// wizardFunc runs the interactive form; tests replace it.
type wizardFunc func(ui.NewSkillRequest) (*templates.Plan, error)

func (a *app) newNewCmd() *cobra.Command {
	var req newRequest
	cmd := &cobra.Command{
		Use:   "new FORMAT",
		Short: "Create a new skill from a template: xgs, skillmd or osloop",
		Long: `new writes a new skill from a template. FORMAT is xgs (one NAME.xgs.js file),
skillmd (a NAME/ folder with SKILL.md) or osloop (a NAME/ package with
manifest.json, module.ts, docs.md and config-schema.json).

Values missing from the flags are asked for in a form when a terminal is
attached; with --yes, or without a terminal, a missing required value is an
error naming its flag. Every value is checked with the linter's own rules,
and everything a built-in template writes lints clean.

Nothing existing is ever overwritten: a target that exists is an error. The
files are written to a temporary folder and renamed into place, so a failure
leaves nothing half-made. Inside an OS Loop repository (a folder holding
skills/index.json, or the skills folder itself) the new package goes into
the skills folder and is added to index.json, keeping the other entries,
their order and the file's formatting.

--dir is the skill's folder (skillmd, osloop; named after the skill) or the
folder that receives NAME.xgs.js (xgs). It defaults to a suggestion from the
name. User templates in $XDG_CONFIG_HOME/skillstudio/templates/FORMAT/NAME/
(template.yaml + files; *.tmpl are rendered with Go's text/template) show up
beside the built-in ones: see --list.

Exit status: 0 when the skill was written, 1 when writing failed, 2 on bad
usage, an invalid or missing value, or a target that exists.`,
		Example: `  skillstudio new skillmd
  skillstudio new xgs --name forum-search --description "Search the forum" --match '*://forum.example.com/*' --yes
  skillstudio new skillmd --template quiz --name api-onboarding --description "Checks the agent knows the API" --with scripts --yes
  skillstudio new osloop --template flow --name release-checklist --description "Walks through a release" --author "Release team" --yes
  skillstudio new osloop --list`,
		ValidArgs: []string{"xgs", "skillmd", "osloop"},
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("new takes one FORMAT: xgs, skillmd or osloop (got %d arguments)", len(args))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			r := req
			r.format = args[0]
			r.templateSet = cmd.Flags().Changed("template")
			r.stdinTTY = term.IsTerminal(os.Stdin.Fd())
			r.stdoutTTY = term.IsTerminal(os.Stdout.Fd())
			r.wizard = ui.RunNewSkillWizard
			return runNew(cmd.OutOrStdout(), r)
		},
	}
	f := cmd.Flags()
	f.StringVarP(&req.template, "template", "t", "", "template to start from (see --list; default: the format's first)")
	f.StringVar(&req.name, "name", "", "skill name, kebab-case (xgs @name, SKILL.md name, OS Loop slug)")
	f.StringVar(&req.description, "description", "", "one line saying what the skill does and when to use it")
	f.StringVar(&req.namespace, "namespace", "", "The xgs @namespace, a JS identifier (default: the name in camelCase)")
	f.StringArrayVar(&req.matches, "match", nil, "An xgs @match pattern such as '*://*.example.com/*' (repeatable; at least one)")
	f.StringVar(&req.author, "author", "", "author name (required for osloop)")
	f.StringVar(&req.version, "version", "", "version (default "+templates.DefaultVersion+")")
	f.StringVar(&req.dir, "dir", "", "where to write it (default: suggested from the name; see above)")
	f.StringSliceVar(&req.with, "with", nil, "optional parts of the template to include, e.g. scripts,references,assets")
	f.BoolVarP(&req.yes, "yes", "y", false, "never ask: fail on a missing value instead")
	f.BoolVar(&req.list, "list", false, "list the FORMAT's templates and exit")
	cmd.RegisterFlagCompletionFunc("template", func(cmd *cobra.Command, args []string, _ string) ([]string, cobra.ShellCompDirective) {
		if len(args) == 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		format, err := templates.ParseFormat(args[0])
		if err != nil {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		ts, _ := templates.List(format, config.TemplatesDir())
		var names []string
		for _, t := range ts {
			names = append(names, t.Name+"\t"+t.Description)
		}
		return names, cobra.ShellCompDirectiveNoFileComp
	})
	cmd.RegisterFlagCompletionFunc("with", cobra.FixedCompletions([]string{"scripts", "references", "assets"}, cobra.ShellCompDirectiveNoFileComp))
	cmd.RegisterFlagCompletionFunc("dir", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveFilterDirs
	})
	return cmd
}

func runNew(stdout io.Writer, req newRequest) error {
	if req.userTemplates == "" {
		req.userTemplates = config.TemplatesDir()
	}
	format, err := templates.ParseFormat(req.format)
	if err != nil {
		return usageError{err}
	}
	if req.list {
		return listTemplates(stdout, format, req.userTemplates)
	}
	tmpl, err := templates.Lookup(format, req.template, req.userTemplates)
	if err != nil {
		return usageError{err}
	}
	cwd, err := os.Getwd()
	if err != nil {
		return err
	}
	values := templates.Values{
		Name: req.name, Description: req.description, Namespace: req.namespace, Matches: req.matches,
		Author: req.author, Version: req.version, With: req.with,
	}
	missing := values.Normalized(format).Missing(format)
	interactive := !req.yes && req.stdinTTY && req.stdoutTTY && req.wizard != nil
	if len(missing) > 0 {
		if !interactive {
			why := "there is no terminal to ask in"
			if req.yes {
				why = "--yes never asks"
			}
			return usagef("%s %s required (%s); pass %s", flagList(missing), isAre(len(missing)), why, orList(missing))
		}
		req2 := ui.NewSkillRequest{Format: format, Values: values, Dir: req.dir, Base: cwd, UserTemplates: req.userTemplates}
		if req.templateSet {
			req2.Template = tmpl.Name
		}
		plan, err := req.wizard(req2)
		if err != nil {
			return err
		}
		if plan == nil {
			fmt.Fprintln(stdout, "Cancelled: nothing was written.")
			return exitError{1}
		}
		printCreated(stdout, cwd, plan)
		return nil
	}

	dir := req.dir
	if dir == "" {
		dir = templates.SuggestDir(format, strings.TrimSpace(values.Name), cwd)
	}
	plan, err := templates.Prepare(tmpl, values, dir)
	if err != nil {
		var fe *templates.FieldError
		if errors.As(err, &fe) {
			return usagef("--%s: %v", fe.Field, fe.Err)
		}
		return usageError{err}
	}
	if err := plan.Write(); err != nil {
		return fmt.Errorf("nothing was written: %w", err)
	}
	printCreated(stdout, cwd, plan)
	return nil
}

func flagList(fields []string) string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = "--" + f
	}
	switch len(out) {
	case 1:
		return out[0]
	case 2:
		return out[0] + " and " + out[1]
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

func isAre(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

func orList(fields []string) string {
	if len(fields) == 1 {
		return "it"
	}
	return "them"
}

// listTemplates prints a format's templates with their optional parts.
func listTemplates(w io.Writer, format model.Format, userDir string) error {
	ts, errs := templates.List(format, userDir)
	for _, t := range ts {
		fmt.Fprintf(w, "%-12s %s\n", t.Name, t.Description)
		if len(t.Optional) > 0 {
			fmt.Fprintf(w, "%-12s optional: %s (--with)\n", "", strings.Join(t.Optional, ", "))
		}
		if !t.Builtin() {
			fmt.Fprintf(w, "%-12s from %s\n", "", t.Dir)
		}
	}
	if len(errs) > 0 {
		return usageError{errors.Join(errs...)}
	}
	return nil
}

// printCreated says what was written and what to do next.
func printCreated(w io.Writer, cwd string, p *templates.Plan) {
	show := func(s string) string { return display.Path(cwd, s) }
	fmt.Fprintf(w, "Created %s skill %s from the %s template:\n", p.Template.Format.Label(), p.Values.Name, p.Template.Name)
	for _, l := range p.Summary(show) {
		fmt.Fprintln(w, "  "+l)
	}
	fmt.Fprintln(w, "Next steps:")
	for _, s := range p.NextSteps(show) {
		fmt.Fprintln(w, "  "+s)
	}
}
