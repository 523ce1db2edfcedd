package cli

import (
	"context"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// Every command's --help renders. The help styler (fang) indexes into the
// text after each '=' of an example, so "name = x" in an example crashed
// `lsp --help` with an index out of range.
func TestEveryCommandHelpRenders(t *testing.T) {
	isolateConfig(t)
	var walk func(c *cobra.Command, path []string)
	var paths [][]string
	walk = func(c *cobra.Command, path []string) {
		paths = append(paths, path)
		for _, sub := range c.Commands() {
			if !sub.Hidden {
				walk(sub, append(append([]string{}, path...), sub.Name()))
			}
		}
	}
	walk(newApp(Options{}).newRootCmd(), nil)
	for _, p := range paths {
		var out, errb strings.Builder
		args := append(append([]string{}, p...), "--help")
		if code := run(context.Background(), args, &out, &errb); code != 0 || strings.Contains(errb.String(), "panic") {
			t.Errorf("%s: exit %d\n%s", strings.Join(args, " "), code, errb.String())
		}
	}
}
