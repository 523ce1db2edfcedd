package config

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// LinkedOut is a project file found by walking up that was not read: a
// symbolic link whose target lies outside the checkout holding it. A
// hostile checkout's .skillstudio.yaml linked to a YAML file of the
// machine (~/.config/gh/hosts.yml) had that file's values quoted in
// errors a public CI log shows. A link within the checkout (a monorepo's
// sub/.skillstudio.yaml -> ../.skillstudio.yaml) is read; --config is the
// user's consent to read any file; the user's own file is not judged.
type LinkedOut struct {
	// File is the link as found, Target where it leads (resolved),
	// Checkout the work tree it had to stay in: the nearest folder above
	// holding .git, else the folder the link is in.
	File, Target, Checkout string
}

// Note says, on one line, why the file was not read and how to use it;
// show turns a path into the one the user reads (relative, for the CLI).
func (l *LinkedOut) Note(show func(string) string) string {
	if show == nil {
		show = func(p string) string { return p }
	}
	return fmt.Sprintf("%s is a link to %s, outside its checkout (%s), so it was not read (pass --config %s to use it)",
		show(l.File), show(l.Target), show(l.Checkout), show(l.Target))
}

// linkedOut judges a found project file: nil when it is no link or its
// link resolves inside its checkout. Only the file's own link is judged;
// the folders on the way are taken as they resolve (the user named them).
// A dangling link is left to the read, whose error names it.
func linkedOut(p string) *LinkedOut {
	info, err := os.Lstat(p)
	if err != nil || info.Mode()&fs.ModeSymlink == 0 {
		return nil
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(p))
	if err != nil {
		return nil
	}
	target, err := filepath.EvalSymlinks(p)
	if err != nil {
		return nil
	}
	checkout := checkoutOf(dir)
	if target == checkout || strings.HasPrefix(target, checkout+string(filepath.Separator)) || (filepath.Dir(checkout) == checkout && filepath.IsAbs(target)) {
		return nil
	}
	abs, _ := filepath.Abs(p)
	return &LinkedOut{File: abs, Target: target, Checkout: checkout}
}

// checkoutOf is the work tree holding dir (resolved): the nearest folder
// at or above it with a .git (a folder, or a worktree's file), else dir.
func checkoutOf(dir string) string {
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}
