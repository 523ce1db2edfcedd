package skillmd

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/internal/safefs"
)

// Hints for a load-reference that is in the skill folder but is never
// read: lint and quiz --walk give the same fix for the same file.
const (
	HintReferenceLinkOut = "Put a copy of the linked file inside the skill (e.g. references/) in place of the symlink: links out of the skill are not followed, and the skill ships without the file they point at."
	HintReferenceNotFile = "Replace it with a regular file of the text (a named pipe or device is never read), or point load-reference at one."
)

// maxReferenceLinkHops bounds symlink chains inside a skill folder.
const maxReferenceLinkHops = 8

// LinkOutError is a reference path that goes through a symlink leading
// out of the skill folder: it is there, but is not followed.
type LinkOutError struct{ msg string }

func (e *LinkOutError) Error() string { return e.msg }

// NotFileError is a reference that is a FIFO, device or socket: opening
// one can block, so it is never read.
type NotFileError struct{ msg string }

func (e *NotFileError) Error() string { return e.msg }

// NotAFile is the NotFileError for rel, a special file of mode m.
func NotAFile(rel string, m fs.FileMode) error {
	return &NotFileError{fmt.Sprintf("%s is not a regular file: a %s is never read", rel, safefs.SpecialKind(m))}
}

// FollowReference maps rel (cleaned by CleanReference) to an FS path
// under dir, following symlinks only while they stay inside the skill
// folder: a references/ link to /etc/passwd or to a sibling skill is a
// *LinkOutError, like a "../" path. Only links are read (Lstat, ReadLink),
// never the file, so it is safe on a FIFO. An FS without links (embed,
// a remote tree) maps rel as it is.
func FollowReference(fsys fs.FS, dir, rel string) (string, error) {
	lfs, ok := fsys.(fs.ReadLinkFS)
	if !ok {
		return path.Join(dir, rel), nil
	}
	parts := strings.Split(rel, "/")
	cur := "" // relative to dir
	hops := 0
	for i := 0; i < len(parts); i++ {
		next := path.Join(cur, parts[i])
		info, err := lfs.Lstat(path.Join(dir, next))
		if err != nil {
			return "", fmt.Errorf("cannot read %s: %w", rel, ReferenceReadErr(err))
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		if hops++; hops > maxReferenceLinkHops {
			return "", fmt.Errorf("%s: too many symlinks", rel)
		}
		link, err := lfs.ReadLink(path.Join(dir, next))
		if err != nil {
			return "", fmt.Errorf("cannot read %s: %w", rel, ReferenceReadErr(err))
		}
		if path.IsAbs(link) {
			return "", &LinkOutError{fmt.Sprintf("%s is a symlink to %s, outside the skill folder; not followed", rel, link)}
		}
		resolved := path.Join(cur, link)
		if resolved == ".." || strings.HasPrefix(resolved, "../") {
			return "", &LinkOutError{fmt.Sprintf("%s is a symlink leading outside the skill folder (to %s); not followed", rel, link)}
		}
		// Re-walk from the top with the link replaced by its target.
		rest := append(strings.Split(resolved, "/"), parts[i+1:]...)
		parts, cur, i = rest, "", -1
	}
	return path.Join(dir, cur), nil
}

// ReferenceReadErr words an FS error for a person, as lint and the quiz
// engine both say it: "no such file in the skill folder" for a missing
// one, the bare cause otherwise.
func ReferenceReadErr(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return errors.New("no such file in the skill folder")
	}
	return safefs.Cause(err)
}

// checkReferenceKind reports a load-reference (rel, cleaned, known to be
// in the walk's listing) that the quiz engine would refuse for what it
// is: a symlink leading out of the skill, or a FIFO or device. Nothing is
// opened; the findings match quiz --walk's. It says whether it reported.
func (c *checker) checkReferenceKind(target, rel string, line, col int) bool {
	fsPath, err := FollowReference(c.fsys, c.dir, rel)
	var out *LinkOutError
	if errors.As(err, &out) {
		c.report("quiz/reference-escapes", line, col, fmt.Sprintf("load-reference %q: %v", target, err), HintReferenceLinkOut)
		return true
	}
	if err != nil {
		return false // missing, or a dangling link or a loop inside the skill: the checks after say it
	}
	if info, err := fs.Lstat(c.fsys, fsPath); err == nil && !info.IsDir() && !info.Mode().IsRegular() && info.Mode()&fs.ModeSymlink == 0 {
		c.report("quiz/reference-missing", line, col, fmt.Sprintf("load-reference %q: %v", target, NotAFile(rel, info.Mode())), HintReferenceNotFile)
		return true
	}
	return false
}
