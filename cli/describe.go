package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/skillstudio/skillstudio/internal/jsonout"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/sanitize"
)

func (a *app) newDescribeCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "describe FILE",
		Short: "Print an .xgs.js skill's functions as the runtime's __describe__() would",
		Long: `describe reads one .xgs.js skill without running it and prints, for each
function in source order: its summary, TypeScript-ish signature, the
copy-pasteable invocation, whether it is the ★ @primary, its input and output
JSON Schema, and its examples.

With --json it prints exactly what the bundled skill's __describe__() returns.

Exit status: 0 on success, 1 when the file has syntax or header errors (they
are printed as file:line:col), 2 when FILE cannot be read or is not an .xgs.js.`,
		Example: `  skillstudio describe skills/discourse-forum.xgs.js
  skillstudio describe --json skills/discourse-forum.xgs.js | jq .searchTopics.signature`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDescribe(cmd.OutOrStdout(), cmd.ErrOrStderr(), args[0], asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the __describe__() JSON")
	return cmd
}

// isParseRule: the findings that mean describe could not read the file as
// a skill; other lint findings are lint's business.
func isParseRule(rule string) bool {
	switch rule {
	case "xgs/syntax", "xgs/header-markers", "xgs/encoding", "xgs/too-large", "xgs/define-skill":
		return true
	}
	return false
}

// notXGS is describe's answer for anything but an .xgs.js skill. A
// SKILL.md folder or an OS Loop package has no functions to describe, so
// the message names what the path holds and the command that reads it
// (describe on a SKILL.md folder used to say only "not an .xgs.js skill
// file", leaving the user to guess what to run instead).
func notXGS(file string) error {
	if o, err := registry.OpenLocal(file); err == nil {
		if c, ok := formats.Detect(o.Base.FS, o.Root); ok && c.Format != model.FormatXGS {
			return usagef("%s is a skill in the %s format: describe lists the functions of an .xgs.js skill; run skillstudio show %s instead", file, c.Format.Label(), file)
		}
	}
	return usagef("%s is not an .xgs.js skill file: describe lists the functions of an .xgs.js skill (skillstudio show reads a SKILL.md folder or an OS Loop package)", file)
}

func runDescribe(stdout, stderr io.Writer, file string, asJSON bool) error {
	if !strings.HasSuffix(file, ".xgs.js") {
		return notXGS(file)
	}
	o, err := registry.OpenLocal(file)
	if err != nil {
		return usagef("%v", err)
	}
	c, ok := formats.Detect(o.Base.FS, o.Root)
	if !ok || c.Format != model.FormatXGS {
		return notXGS(file)
	}
	s := formats.Load(c, o.Base, model.Options{})
	failed := false
	for _, d := range s.Diagnostics {
		if d.Rule == "xgs/unreadable" {
			return usagef("cannot read %s: %s", file, d.Message)
		}
		if isParseRule(d.Rule) && d.Severity == model.SeverityError {
			failed = true
			fmt.Fprintf(stderr, "%s:%d:%d: %s %s: %s\n", file, d.Line, d.Column, d.Severity, d.Rule, sanitize.Line(d.Message))
			if d.Hint != "" {
				fmt.Fprintf(stderr, "    hint: %s\n", sanitize.Line(d.Hint))
			}
		}
	}
	switch {
	case asJSON:
		fmt.Fprintf(stdout, "%s\n", jsonout.Clean([]byte(xgs.Describe(s.Functions))))
	case failed && len(s.Functions) == 0:
		// Nothing was read: a placeholder description would only
		// bury the error above.
	default:
		printDescription(stdout, s)
	}
	if failed {
		return exitError{1}
	}
	return nil
}

// printDescription is the human-readable form. Skill text is sanitised:
// a summary must not be able to send terminal escapes.
func printDescription(w io.Writer, s *model.Skill) {
	fmt.Fprintf(w, "%s (%s) %s\n", sanitize.Line(s.Name), sanitize.Line(s.Namespace), sanitize.Line(s.Version))
	if s.Description != "" {
		fmt.Fprintf(w, "%s\n", sanitize.Line(s.Description))
	}
	if len(s.Functions) == 0 {
		fmt.Fprintln(w, "\nno functions found")
		return
	}
	for _, f := range s.Functions {
		mark := " "
		if f.Primary {
			mark = "★"
		}
		fmt.Fprintf(w, "\n%s %s\n", mark, sanitize.Line(f.Name))
		if f.Summary != "" {
			fmt.Fprintf(w, "  %s\n", sanitize.Line(f.Summary))
		}
		fmt.Fprintf(w, "  signature:  %s\n", sanitize.Line(f.Signature))
		fmt.Fprintf(w, "  invocation: %s\n", sanitize.Line(f.Invocation))
		fmt.Fprintf(w, "  primary:    %t\n", f.Primary)
		fmt.Fprintf(w, "  input:\n%s", indentJSON(f.Input, "    "))
		if len(f.Output) > 0 {
			fmt.Fprintf(w, "  output:\n%s", indentJSON(f.Output, "    "))
		} else {
			fmt.Fprintln(w, "  output:     (none declared)")
		}
		if len(f.Examples) == 0 {
			fmt.Fprintln(w, "  examples:   (none)")
			continue
		}
		fmt.Fprintln(w, "  examples:")
		for i, ex := range f.Examples {
			fmt.Fprintf(w, "    %d. %s\n", i+1, sanitize.Line(string(ex.Args)))
			if ex.Note != "" {
				fmt.Fprintf(w, "       note: %s\n", sanitize.Line(ex.Note))
			}
			if len(ex.Returns) > 0 {
				fmt.Fprintf(w, "       returns: %s\n", sanitize.Line(string(ex.Returns)))
			}
		}
	}
}

func indentJSON(raw json.RawMessage, prefix string) string {
	var b bytes.Buffer
	if err := json.Indent(&b, raw, prefix, "  "); err != nil {
		return prefix + sanitize.Line(string(raw)) + "\n"
	}
	return prefix + sanitize.String(b.String()) + "\n"
}
