package templates

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/skillstudio/skillstudio/internal/atomicfile"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
)

// Plan is a new skill, rendered and checked, not yet written.
type Plan struct {
	Template *Template
	Values   Values
	// Root is the folder the files go into: the skill folder (SKILL.md, OS
	// Loop) or the folder holding NAME.xgs.js.
	Root string
	// Target is what appears: the skill folder, or the .xgs.js file.
	Target string
	// Main is the skill's main file (NAME.xgs.js, SKILL.md, manifest.json):
	// what a reader loads and an editor opens.
	Main  string
	Files []File
	// Index, when set, is the OS Loop index.json that lists the new skill.
	Index *IndexEdit
	// created is the folder that does not exist yet and is made, whole,
	// with the files (Root or its first missing parent); "" when Root
	// exists and the files are added to it (an .xgs.js in a skills folder).
	created string
}

// IndexEdit is the change to an OS Loop repository's index.json: the new
// entry appended after the others, in the file's own formatting.
type IndexEdit struct {
	Path     string
	Old, New []byte
	Mode     fs.FileMode
	// Entry is the folderPath the new entry names.
	Entry string
}

// ErrExists is returned (wrapped) when a target already exists: nothing
// is ever overwritten.
var ErrExists = fs.ErrExist

// existsError says why a target is taken. It matches ErrExists without
// appending "file already exists" to a message that already says so.
type existsError struct{ msg string }

func (e existsError) Error() string { return e.msg }
func (e existsError) Unwrap() error { return ErrExists }

func existsf(format string, a ...any) error { return existsError{fmt.Sprintf(format, a...)} }

// Prepare validates v for t with the linter's rules, renders the files
// for the folder dir (see Plan.Root) and checks that nothing it would
// write exists. Nothing is written.
func Prepare(t *Template, v Values, dir string) (*Plan, error) {
	v = v.Normalized(t.Format)
	if err := v.Validate(t.Format); err != nil {
		return nil, err
	}
	for _, w := range v.With {
		if !slices.Contains(t.Optional, w) {
			return nil, &FieldError{FieldWith, fmt.Errorf("%s/%s has no optional part %q (it has %s)", t.Format, t.Name, w, partsList(t.Optional))}
		}
	}
	if strings.TrimSpace(dir) == "" {
		return nil, &FieldError{FieldDir, ErrMissing}
	}
	dir = filepath.Clean(dir)
	files, err := t.Render(v)
	if err != nil {
		return nil, err
	}
	p := &Plan{Template: t, Values: v, Root: dir, Files: files}
	switch t.Format {
	case model.FormatXGS:
		p.Main = filepath.Join(dir, v.Name+".xgs.js")
		p.Target = p.Main
	case model.FormatSkillMD, model.FormatOSLoop:
		if base := filepath.Base(dir); base != v.Name {
			return nil, &FieldError{FieldDir, fmt.Errorf("the folder %s is not named after the skill %q; the skill's name must equal its folder's (%s)", dir, v.Name, nameRule(t.Format))}
		}
		main := "SKILL.md"
		if t.Format == model.FormatOSLoop {
			main = "manifest.json"
		}
		p.Main = filepath.Join(dir, main)
		p.Target = dir
	}
	if !hasFile(files, filepath.ToSlash(mustRel(dir, p.Main))) {
		return nil, fmt.Errorf("template %s/%s (%s) makes no %s", t.Format, t.Name, t.Origin(), filepath.Base(p.Main))
	}
	if p.created, err = missingFolder(dir); err != nil {
		return nil, err
	}
	if err := clashWithExisting(p); err != nil {
		return nil, err
	}
	if p.created == "" {
		if t.Format != model.FormatXGS {
			return nil, &FieldError{FieldDir, existsf("%s already exists; choose another folder (nothing is ever overwritten)", dir)}
		}
		for _, f := range files {
			target := filepath.Join(dir, filepath.FromSlash(f.Path))
			if _, err := os.Lstat(target); err == nil {
				return nil, &FieldError{FieldName, existsf("%s already exists; choose another name or folder (nothing is ever overwritten)", target)}
			}
		}
	}
	if t.Format == model.FormatOSLoop {
		if p.Index, err = indexEdit(dir, v.Name, files); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// clashWithExisting refuses a new folder or file whose name an existing
// entry beside it already takes in another case or normalisation
// (my-skill/ beside My-Skill/): on Linux both were made, a checkout that
// loses one of them on macOS or Windows.
func clashWithExisting(p *Plan) error {
	check := func(parent, rel string) error {
		if found, asked, ok := pathname.ClashOnTheWay(parent, rel); ok {
			return &FieldError{FieldDir, existsf("%s and %s %s; choose another name or folder (nothing is ever overwritten)",
				filepath.Join(parent, filepath.FromSlash(asked)), filepath.Join(parent, filepath.FromSlash(found)), pathname.ClashMessage(asked, found))}
		}
		return nil
	}
	if p.created != "" {
		return check(filepath.Dir(p.created), filepath.Base(p.created))
	}
	for _, f := range p.Files {
		if err := check(p.Root, f.Path); err != nil {
			return err
		}
	}
	return nil
}

func nameRule(f model.Format) string {
	if f == model.FormatOSLoop {
		return "osloop/name: the runtime fetches {skillsDirectory}/{name}/"
	}
	return "skillmd/name-dir"
}

func partsList(parts []string) string {
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func hasFile(files []File, p string) bool {
	return slices.ContainsFunc(files, func(f File) bool { return f.Path == p })
}

func mustRel(base, p string) string {
	r, err := filepath.Rel(base, p)
	if err != nil {
		return p
	}
	return r
}

// entryKind names what an entry that is not a folder is, so a refusal
// says why: a link to a folder reads as a folder in a listing, and new
// never writes through one.
func entryKind(info fs.FileInfo) string {
	switch t := info.Mode().Type(); {
	case t&fs.ModeSymlink != 0:
		return "a symbolic link (nothing is written through one)"
	case t&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case t&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		return "a device"
	case t&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a file"
}

// missingFolder returns the outermost folder of dir that does not exist
// yet ("" when dir exists). Writing that folder whole is what makes a
// new skill appear at once — and vanish at once if anything fails.
func missingFolder(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	missing := ""
	for p := abs; ; p = filepath.Dir(p) {
		info, err := os.Lstat(p)
		if err == nil {
			if !info.IsDir() && missing == "" {
				return "", &FieldError{FieldDir, existsf("%s is %s, not a folder", dir, entryKind(info))}
			}
			if !info.IsDir() {
				return "", &FieldError{FieldDir, fmt.Errorf("%s is %s, so %s cannot be made inside it", p, entryKind(info), dir)}
			}
			break
		}
		// ENOTDIR: a file or FIFO on the way up; the loop names it.
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return "", err
		}
		missing = p
		if filepath.Dir(p) == p {
			break
		}
	}
	if missing == "" {
		return "", nil
	}
	// Keep the caller's spelling (relative stays relative) for messages.
	if filepath.IsAbs(dir) {
		return missing, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return missing, nil
	}
	if r, err := filepath.Rel(wd, missing); err == nil {
		return r, nil
	}
	return missing, nil
}

// Write creates the files. A new folder is written into a temporary
// sibling and renamed into place in one step; files added to an existing
// folder are each created without replacing anything. On any failure
// everything this call made is removed again and the error says what
// failed; an OS Loop index.json is updated last, atomically, and only if
// nobody changed it since Prepare.
func (p *Plan) Write() error {
	var undo func()
	if p.created != "" {
		rel := mustRel(p.created, p.Root)
		tree := make(map[string][]byte, len(p.Files))
		for _, f := range p.Files {
			tree[filepath.ToSlash(filepath.Join(rel, filepath.FromSlash(f.Path)))] = f.Data
		}
		if err := writeTree(p.created, tree); err != nil {
			return fmt.Errorf("writing %s: %w", p.Target, err)
		}
		undo = func() { os.RemoveAll(p.created) }
	} else {
		var made []string
		undo = func() {
			for _, m := range made {
				os.Remove(m)
			}
		}
		for _, f := range p.Files {
			target := filepath.Join(p.Root, filepath.FromSlash(f.Path))
			if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
				undo()
				return err
			}
			if err := createFile(target, f.Data, 0o644); err != nil {
				undo()
				return fmt.Errorf("writing %s: %w", target, err)
			}
			made = append(made, target)
		}
	}
	for _, f := range p.Files {
		if f.Executable {
			if err := os.Chmod(filepath.Join(p.Root, filepath.FromSlash(f.Path)), 0o755); err != nil {
				undo()
				return err
			}
		}
	}
	if p.Index != nil {
		if err := p.Index.apply(); err != nil {
			undo()
			return err
		}
	}
	return nil
}

// Seams for the failure tests: a write that fails part-way.
var (
	writeTree  = atomicfile.WriteTree
	createFile = atomicfile.Create
	writeFile  = atomicfile.Replace
)

func (e *IndexEdit) apply() error {
	// Read again through safefs, as Prepare read it: the file may have
	// been swapped for a FIFO or a link to a device since.
	now, err := safefs.ReadFile(e.Path, maxIndex)
	if err != nil {
		return fmt.Errorf("reading %s again: %w", e.Path, err)
	}
	if !bytes.Equal(now, e.Old) {
		return fmt.Errorf("%s changed while the skill was being made; nothing was written, try again", e.Path)
	}
	// The link policy of lint --fix (see fix.write): a symlinked index is
	// written through, so the link stays a link.
	target, err := filepath.EvalSymlinks(e.Path)
	if err != nil {
		return fmt.Errorf("reading %s again: %w", e.Path, err)
	}
	// Checked again just before the rename, so an edit made while the
	// skill was being made is never lost.
	if err := writeFile(target, e.New, e.Mode, func(at string) error {
		if again, err := safefs.ReadFile(at, maxIndex); err != nil || !bytes.Equal(again, e.Old) {
			return fmt.Errorf("%s changed on disk while the skill was being made; not updated, try again", e.Path)
		}
		return nil
	}); err != nil {
		return fmt.Errorf("updating %s: %w", e.Path, err)
	}
	return nil
}
