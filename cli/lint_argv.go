package cli

import (
	"os"
	"strings"
)

// changedFileArgs protects lint --changed's file names from being read as
// flags. pre-commit appends the commit's files to the hook's entry and
// args, with no "--" before them (pre-commit/pre-commit#2896), so a file
// a checkout commits as `--fix`, `--tree=..` or `--output=json=README.md`
// at its root (names that sort before every other) turned the hook into
// another command. The file names are the arguments at the end that name
// something on disk: each of those that starts with "-" is passed as
// "./name", which the flag parser leaves alone. A flag the hook's entry
// or args hold is before them and names no file, so it stays a flag.
func changedFileArgs(args []string) []string {
	if len(args) < 2 || args[0] != "lint" || !hasChangedFlag(args[1:]) {
		return args
	}
	start := len(args)
	for start > 1 {
		if _, err := os.Lstat(args[start-1]); err != nil {
			break
		}
		start--
	}
	var out []string
	for i := start; i < len(args); i++ {
		if a := args[i]; len(a) > 1 && a[0] == '-' {
			if out == nil {
				out = append([]string(nil), args...)
			}
			out[i] = "./" + a
		}
	}
	if out == nil {
		return args
	}
	return out
}

// hasChangedFlag says whether args turn --changed on before a "--".
func hasChangedFlag(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == "--changed" || strings.HasPrefix(a, "--changed=") && a != "--changed=false" {
			return true
		}
	}
	return false
}
