package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/suppress"
)

// skillFileAt names the linted skill one of whose files path is, when
// path is an existing file: a report or baseline written there replaces
// the very file lint read (a slip of `--output json=SKILL.md`, or a
// baseline named after a skill's reference, lost the skill). Its files are
// the main one and its Markdown and scripts; they are
// compared with os.SameFile, so another spelling of the path, a name the
// disk folds to the same file, or a hard link to it is caught too.
func skillFileAt(lib *model.Library, path string) (skill string, ok bool) {
	dest, err := os.Stat(path)
	if err != nil || !dest.Mode().IsRegular() {
		return "", false
	}
	for _, s := range lib.Skills {
		l := s.Location
		if !l.Local || l.Root == "" {
			continue
		}
		same := func(fsPath string) bool {
			info, err := os.Stat(l.Path(fsPath))
			return err == nil && os.SameFile(info, dest)
		}
		if same(l.File) {
			return s.Name, true
		}
		for _, f := range s.Files {
			// Its Markdown and scripts, which lint reads; not every file of
			// the folder, where a report of an earlier run may sit.
			if suppress.SyntaxOf(f) != suppress.None && same(l.Join(f)) {
				return s.Name, true
			}
		}
	}
	return "", false
}

// openReport opens the file an --output names, which usually sits in the
// checkout under review, so a pull request may have put something there:
//
//   - a symbolic link to a regular file, or a dangling one, is refused
//     (writing through it would write, or create, a file elsewhere), and
//     so is a relative path through a linked folder (pathname.LinkOnTheWay);
//   - a folder is named as one;
//   - a FIFO is opened without blocking: one nobody reads is an error, not
//     a hang;
//   - a character device (/dev/null, or /dev/stdout, itself a link) and a
//     FIFO with a reader are written as the streams the user named;
//   - a regular file is replaced, anything else refused.
func openReport(path string) (*os.File, error) {
	if link, target, ok := pathname.LinkOnTheWay(path, false); ok {
		return nil, fmt.Errorf("%s is a symbolic link to %s: a report is not written through a link (name a path without one)", link, target)
	}
	link, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	}
	if err != nil {
		return nil, err
	}
	info := link
	if link.Mode()&fs.ModeSymlink != 0 {
		target, _ := os.Readlink(path)
		if info, err = os.Stat(path); err != nil || info.Mode().IsRegular() {
			return nil, fmt.Errorf("%s is a symbolic link to %s: a report is not written through a link (remove it, or name the file it points to)", path, target)
		}
	}
	switch mode := info.Mode(); {
	case mode.IsRegular():
		return os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	case mode.IsDir():
		return nil, fmt.Errorf("%s is a folder (name a file inside it, e.g. %s)", path, filepath.Join(path, "skillstudio.sarif"))
	case mode&(fs.ModeNamedPipe|fs.ModeCharDevice) != 0:
		f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if errors.Is(err, syscall.ENXIO) {
			return nil, fmt.Errorf("%s is a FIFO and nothing is reading it", path)
		}
		return f, err
	default:
		return nil, fmt.Errorf("%s is not a regular file (%s)", path, info.Mode().Type())
	}
}
