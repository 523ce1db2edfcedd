// Package display formats paths and counts the way the CLI prints them,
// for the commands and the build session alike.
package display

import (
	"fmt"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"path/filepath"
)

// Path shows p relative to the working folder cwd when it is inside it.
func Path(cwd, p string) string {
	if cwd == "" || !filepath.IsAbs(p) {
		return p
	}
	if r, ok := pathname.Rel(cwd, p); ok {
		return r
	}
	return p
}

// Plural is "1 skill", "2 skills" ("infos" for info).
func Plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	if word == "info" {
		return fmt.Sprintf("%d infos", n)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
