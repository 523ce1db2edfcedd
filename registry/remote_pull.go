package registry

import (
	"context"
	"errors"
	"fmt"
	"github.com/skillstudio/skillstudio/internal/pathname"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/skillstudio/skillstudio/internal/atomicfile"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// ErrExists is returned by Pull when the destination is already there:
// pulling never overwrites.
var ErrExists = errors.New("already exists")

// Pulled says what Pull wrote.
type Pulled struct {
	Skill *model.Skill
	// Dest is the folder (or .xgs.js file) written.
	Dest  string
	Files int
	// Digest is TreeDigest of the files written.
	Digest string
}

// Pull copies the skill called name from an opened source into the local
// folder dir, as dir/<folder> for SKILL.md and OS Loop skills and
// dir/<file>.xgs.js for xgs. Files a listing only named are fetched now.
// The copy appears whole or not at all (a temporary folder renamed into
// place), never replaces anything, and gets plain 0644 files: nothing
// pulled is made executable.
func Pull(ctx context.Context, o Opened, name, dir string, opts model.Options) (Pulled, error) {
	s, err := FindSkill(ctx, o, name, opts)
	if err != nil {
		return Pulled{}, err
	}
	return PullSkill(o, s, dir)
}

// FindSkill loads o and returns its skill called name (Pull's first half,
// so a caller can review the skill before anything is written).
func FindSkill(ctx context.Context, o Opened, name string, opts model.Options) (*model.Skill, error) {
	return FindLoaded(o, o.Load(ctx, opts, nil), name)
}

// FindLoaded is FindSkill over lib, o already read, so a caller looking
// up many names in one source (pull --check) reads it once.
func FindLoaded(o Opened, lib *model.Library, name string) (*model.Skill, error) {
	s := findSkill(lib.Skills, name)
	if s == nil {
		if d, ok := withheldNamed(lib, name); ok {
			return nil, fmt.Errorf("%s lists %q but withheld it: %s (%s)", sanitize.Line(o.Base.Source), sanitize.Line(name), sanitize.Line(d.Message), sanitize.Line(d.Hint))
		}
		return nil, fmt.Errorf("no skill named %q in %s (it has: %s)", sanitize.Line(name), sanitize.Line(o.Base.Source), skillNames(lib.Skills))
	}
	return s, nil
}

// PullSkill copies s, found in o, into dir (Pull's second half).
func PullSkill(o Opened, s *model.Skill, dir string) (Pulled, error) {
	if s.Format == model.FormatXGS {
		files, err := SkillFiles(o, s)
		if err != nil {
			return Pulled{}, err
		}
		data := files[path.Base(s.Location.File)]
		if msg := pathname.RelProblem(path.Base(s.Location.File)); msg != "" {
			return Pulled{}, fmt.Errorf("file name %q %s; not pulled", sanitize.Line(path.Base(s.Location.File)), msg)
		}
		dest := filepath.Join(dir, path.Base(s.Location.File))
		if err := clashInDir(dir, path.Base(s.Location.File)); err != nil {
			return Pulled{}, err
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return Pulled{}, err
		}
		if err := atomicfile.Create(dest, data, 0o644); err != nil {
			if _, statErr := os.Lstat(dest); statErr == nil {
				return Pulled{}, fmt.Errorf("%s %w; pull never overwrites (remove it or choose another --dir)", dest, ErrExists)
			}
			return Pulled{}, err
		}
		return Pulled{Skill: s, Dest: dest, Files: 1, Digest: TreeDigest(files)}, nil
	}
	root := s.Location.Dir
	// A SKILL.md folder is named after its skill; a remote folder may not
	// be (a well-known "default"), so the local copy takes the name.
	folder := path.Base(root)
	if (root == "." || s.Format == model.FormatSkillMD) && safeSegment(s.Name) {
		folder = s.Name
	}
	if !safeSegment(folder) {
		return Pulled{}, fmt.Errorf("skill folder %q is not a usable folder name", sanitize.Line(folder))
	}
	if msg := pathname.SegmentProblem(folder); msg != "" {
		return Pulled{}, fmt.Errorf("skill folder %q %s; nothing was pulled", sanitize.Line(folder), msg)
	}
	dest := filepath.Join(dir, folder)
	if _, err := os.Lstat(dest); err == nil {
		return Pulled{}, fmt.Errorf("%s %w; pull never overwrites (remove it or choose another --dir)", dest, ErrExists)
	}
	if err := clashInDir(dir, folder); err != nil {
		return Pulled{}, err
	}
	files, err := SkillFiles(o, s)
	if err == nil {
		// Every name is checked, in order, before anything is written: a
		// bidi override would show a different name than the file on disk.
		names := make([]string, 0, len(files))
		for rel := range files {
			names = append(names, rel)
		}
		sort.Strings(names)
		for _, rel := range names {
			if msg := pathname.RelProblem(rel); msg != "" {
				err = fmt.Errorf("file name %q %s; nothing was pulled", sanitize.Line(rel), msg)
				break
			}
		}
		if err == nil {
			if a, b, clash := pathname.FirstClash(names); clash {
				err = fmt.Errorf("file names %q and %q %s; nothing was pulled", sanitize.Line(a), sanitize.Line(b), pathname.ClashMessage(a, b))
			}
		}
	}
	if err != nil {
		return Pulled{}, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Pulled{}, err
	}
	if err := atomicfile.WriteTree(dest, files); err != nil {
		if _, statErr := os.Lstat(dest); statErr == nil {
			return Pulled{}, fmt.Errorf("%s %w; pull never overwrites (remove it or choose another --dir)", dest, ErrExists)
		}
		return Pulled{}, err
	}
	return Pulled{Skill: s, Dest: dest, Files: len(files), Digest: TreeDigest(files)}, nil
}

// findSkill matches the name the skill declares, then its folder or file
// name (what a listing shows before a reader has run).
func findSkill(skills []*model.Skill, name string) *model.Skill {
	for _, s := range skills {
		if s.Name == name {
			return s
		}
	}
	for _, s := range skills {
		base := path.Base(s.Location.Dir)
		if s.Format == model.FormatXGS {
			base = strings.TrimSuffix(path.Base(s.Location.File), ".xgs.js")
		}
		if base == name {
			return s
		}
	}
	return nil
}

func skillNames(skills []*model.Skill) string {
	var names []string
	for _, s := range skills {
		if s.Name != "" {
			names = append(names, sanitize.Line(s.Name))
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "no skills"
	}
	if len(names) > 20 {
		names = append(names[:20], fmt.Sprintf("… %d more", len(names)-20))
	}
	return strings.Join(names, ", ")
}

// SkillFiles reads every regular file of s from o, keyed by its path
// relative to the skill folder (an .xgs.js skill: its one file). Pull
// writes them; pull --check digests them without writing.
func SkillFiles(o Opened, s *model.Skill) (map[string][]byte, error) {
	if s.Format == model.FormatXGS {
		data, err := fs.ReadFile(o.Base.FS, s.Location.File)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %w", sanitize.Line(o.Base.Path(s.Location.File)), err)
		}
		return map[string][]byte{path.Base(s.Location.File): data}, nil
	}
	root := s.Location.Dir
	files := map[string][]byte{}
	err := fs.WalkDir(o.Base.FS, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		data, err := fs.ReadFile(o.Base.FS, p)
		if err != nil {
			return fmt.Errorf("cannot fetch %s: %w", sanitize.Line(o.Base.Path(p)), err)
		}
		rel := strings.TrimPrefix(p, root+"/")
		if root == "." {
			rel = p
		}
		files[rel] = data
		return nil
	})
	return files, err
}

// clashInDir refuses a new entry name in dir that an existing entry is
// spelt as differently only by case or normalisation: on Linux both were
// kept, and the checkout lost one of them on macOS or Windows.
func clashInDir(dir, name string) error {
	if other := pathname.ClashInFolder(dir, name); other != "" {
		return fmt.Errorf("%s: %s and %s %s; nothing was pulled (%w: remove it or choose another --dir)",
			sanitize.Line(dir), sanitize.Line(name), sanitize.Line(other), pathname.ClashMessage(name, other), ErrExists)
	}
	return nil
}
