package cli

import (
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/skillstudio/skillstudio/internal/jsonout"
	"github.com/skillstudio/skillstudio/sanitize"
)

// jsonError is what a command asked for JSON prints when it stops with an
// error instead of its result: {"error": {"message", "exitCode"}}.
type jsonError struct {
	Error jsonErrorBody `json:"error"`
}

type jsonErrorBody struct {
	Message  string `json:"message"`
	ExitCode int    `json:"exitCode"`
}

// writeJSONError prints err as one JSON object. Every error that reaches
// the handler exits 2 (exitError, 1 included, prints nothing).
func writeJSONError(w io.Writer, err error) {
	jsonout.Encode(w, jsonError{jsonErrorBody{Message: sanitize.String(err.Error()), ExitCode: 2}})
}

// wantsJSON says whether the command args name asks for JSON output
// (--json, or --format json), read from the words before cobra parses
// them: a bad flag value stops parsing before the flags after it are set.
func wantsJSON(root *cobra.Command, args []string) bool {
	cmd, _, err := root.Find(args)
	if err != nil || cmd == nil {
		return false
	}
	f := cmd.Flags()
	if j := f.Lookup("json"); j != nil && flagWord(args, j, func(v string) bool { b, err := strconv.ParseBool(v); return err == nil && b }) {
		return true
	}
	if fm := f.Lookup("format"); fm != nil && flagWord(args, fm, func(v string) bool { return v == "json" }) {
		return true
	}
	return false
}

// flagWord reports whether args set flag fl to a value ok accepts, the
// last setting winning, reading words up to "--". A bool flag alone is
// "true"; any other flag takes the next word when not written --name=v.
func flagWord(args []string, fl *pflag.Flag, ok func(string) bool) bool {
	isBool := fl.Value.Type() == "bool"
	set, found := false, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !strings.HasPrefix(a, "--") || name != fl.Name {
			continue
		}
		switch {
		case hasValue:
		case isBool:
			value = "true"
		case i+1 < len(args):
			i++
			value = args[i]
		default:
			continue
		}
		set, found = ok(value), true
	}
	return found && set
}

// writtenTo counts what a command wrote to stdout, so an error after its
// JSON value does not make the output two values.
type writtenTo struct {
	w io.Writer
	n int
}

func (c *writtenTo) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += n
	return n, err
}
