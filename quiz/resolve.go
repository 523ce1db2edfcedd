package quiz

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"

	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/model"
)

// Resolver finds the skill a load-skill action names. The library (local
// and remote sources loaded together) is the usual one.
type Resolver interface {
	ResolveSkill(name string) (*model.Skill, error)
}

// LibraryResolver resolves names among the skills of a library.
type LibraryResolver struct{ Library *model.Library }

// ResolveSkill finds name in the library.
func (r LibraryResolver) ResolveSkill(name string) (*model.Skill, error) {
	if r.Library != nil {
		if s := r.Library.Lookup(name); s != nil {
			return s, nil
		}
	}
	return nil, fmt.Errorf("no skill named %q in the library", name)
}

// ResolverFunc adapts a function to Resolver.
type ResolverFunc func(name string) (*model.Skill, error)

// ResolveSkill calls f.
func (f ResolverFunc) ResolveSkill(name string) (*model.Skill, error) { return f(name) }

// MaxReferenceSize bounds what a load-reference hands the agent; a bigger
// file is an error, not a silent truncation.
const MaxReferenceSize = 1 << 20

// maxLinkHops bounds symlink chains inside a skill folder.
const maxLinkHops = 8

// Resolve turns one branch action into what the agent receives. It never
// panics; a failure comes back with OK false and Error saying why.
func Resolve(s *model.Skill, a model.Action, r Resolver) ActionResult {
	res := ActionResult{Kind: a.Kind, Target: a.Target, Line: a.Line, Column: a.Column}
	var err error
	switch a.Kind {
	case model.ActionGoto:
		res.Section, err = resolveGoto(s, a.Target)
	case model.ActionLoadReference:
		res.Reference, err = resolveReference(s, a.Target)
	case model.ActionLoadSkill:
		res.Skill, err = resolveSkill(a.Target, r)
	case model.ActionMessage:
		if strings.TrimSpace(a.Target) == "" {
			err = errors.New("the message is empty")
		}
		res.Message = a.Target
	default:
		err = fmt.Errorf("unknown action %q (want goto, load-reference, load-skill or message)", a.Kind)
	}
	if err != nil {
		res.Error = err.Error()
		res.Message = ""
		return res
	}
	res.OK = true
	return res
}

func resolveGoto(s *model.Skill, target string) (*Section, error) {
	if strings.TrimSpace(target) == "" {
		return nil, errors.New("goto names no heading")
	}
	h, ok := skillmd.FindHeading(s.Body, target)
	if !ok {
		return nil, fmt.Errorf("no heading %q in the skill body%s", target, headingHint(s.Body))
	}
	end := min(max(h.End, h.Offset), len(s.Body))
	line := h.Line
	if s.BodyLine > 0 {
		line += s.BodyLine - 1
	}
	return &Section{
		Heading: h.Text,
		Level:   h.Level,
		Slug:    h.Slug,
		Text:    strings.TrimRight(s.Body[h.Offset:end], "\n") + "\n",
		Line:    line,
	}, nil
}

// headingHint lists the headings there are, so a typo is easy to spot.
func headingHint(body string) string {
	hs := skillmd.Headings(body)
	if len(hs) == 0 {
		return " (the body has no headings)"
	}
	names := make([]string, 0, len(hs))
	for _, h := range hs {
		names = append(names, strings.Repeat("#", h.Level)+" "+h.Text)
		if len(names) == 8 {
			names = append(names, "…")
			break
		}
	}
	return "; headings: " + strings.Join(names, ", ")
}

// CleanReference checks that rel names a file inside the skill folder and
// returns it cleaned; it is skillmd.CleanReference, the check lint's
// quiz/reference-escapes applies, so lint and a run never disagree.
func CleanReference(rel string) (string, error) { return skillmd.CleanReference(rel) }

func resolveReference(s *model.Skill, target string) (*Reference, error) {
	rel, err := CleanReference(target)
	if err != nil {
		return nil, err
	}
	if s.Location.FS == nil {
		return nil, errors.New("the skill's files are not available")
	}
	fsPath, err := insideSkill(s.Location.FS, s.Location.Dir, rel)
	if err != nil {
		return nil, err
	}
	f, err := s.Location.FS.Open(fsPath)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", rel, unwrapPathError(err))
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", rel, unwrapPathError(err))
	}
	if info.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not a file", rel)
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxReferenceSize+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", rel, unwrapPathError(err))
	}
	if len(data) > MaxReferenceSize {
		return nil, fmt.Errorf("%s is larger than %d KiB; split it into smaller references", rel, MaxReferenceSize>>10)
	}
	return &Reference{Path: rel, Content: string(data)}, nil
}

// insideSkill maps rel to an FS path under dir, following symlinks only
// while they stay inside the skill folder: a references/ link to
// /etc/passwd or to a sibling skill is refused like a "../" path.
func insideSkill(fsys fs.FS, dir, rel string) (string, error) {
	lfs, ok := fsys.(fs.ReadLinkFS)
	if !ok {
		return path.Join(dir, rel), nil // embed and remote trees have no links
	}
	parts := strings.Split(rel, "/")
	cur := "" // relative to dir
	hops := 0
	for i := 0; i < len(parts); i++ {
		next := path.Join(cur, parts[i])
		info, err := lfs.Lstat(path.Join(dir, next))
		if err != nil {
			return "", fmt.Errorf("cannot read %s: %w", rel, unwrapPathError(err))
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		if hops++; hops > maxLinkHops {
			return "", fmt.Errorf("%s: too many symlinks", rel)
		}
		link, err := lfs.ReadLink(path.Join(dir, next))
		if err != nil {
			return "", fmt.Errorf("cannot read %s: %w", rel, unwrapPathError(err))
		}
		if path.IsAbs(link) {
			return "", fmt.Errorf("%s is a symlink to %s, outside the skill folder", rel, link)
		}
		resolved := path.Join(cur, link)
		if resolved == ".." || strings.HasPrefix(resolved, "../") {
			return "", fmt.Errorf("%s is a symlink leading outside the skill folder", rel)
		}
		// Re-walk from the top with the link replaced by its target.
		rest := append(strings.Split(resolved, "/"), parts[i+1:]...)
		parts, cur, i = rest, "", -1
	}
	return path.Join(dir, cur), nil
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		if errors.Is(pe.Err, fs.ErrNotExist) {
			return errors.New("no such file in the skill folder")
		}
		return pe.Err
	}
	return err
}

func resolveSkill(name string, r Resolver) (*SkillRef, error) {
	if strings.TrimSpace(name) == "" {
		return nil, errors.New("load-skill names no skill")
	}
	if r == nil {
		return nil, fmt.Errorf("cannot resolve %q: no library loaded", name)
	}
	s, err := r.ResolveSkill(name)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return nil, fmt.Errorf("no skill named %q in the library", name)
	}
	return &SkillRef{Name: s.Name, Description: s.Description, Format: s.Format, Source: s.Location.Source, Skill: s}, nil
}

// Chain tries each resolver in turn and returns the first skill found, so a
// run can look in the skill's own library before slower remote sources.
type Chain []Resolver

// ResolveSkill asks each resolver in order.
func (c Chain) ResolveSkill(name string) (*model.Skill, error) {
	var first error
	for _, r := range c {
		if r == nil {
			continue
		}
		s, err := r.ResolveSkill(name)
		if err == nil && s != nil {
			return s, nil
		}
		if first == nil {
			first = err
		}
	}
	if first == nil {
		first = fmt.Errorf("no skill named %q in the library", name)
	}
	return nil, first
}
