package quiz

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/internal/safefs"
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

// Resolve turns one branch action into what the agent receives. It never
// panics; a failure comes back with OK false and Error saying why.
func Resolve(s *model.Skill, a model.Action, r Resolver) ActionResult {
	return newResolving(s, r).resolve(a)
}

// resolving resolves the actions of one skill, reading its body's
// headings once: a Run or a Walk meets as many actions as the quiz has,
// and reading the body again for each made a walk of 1,000 gotos over a
// 300 KB body take 7 s, growing with the product of the two.
type resolving struct {
	s        *model.Skill
	r        Resolver
	headings *skillmd.HeadingIndex // read at the first goto
	hint     string                // headingHint, once made
	// What was resolved before, so each heading's section is copied, each
	// file read and each skill looked up once however many actions name
	// it (in different spellings: "## Setup", "setup", "#setup";
	// "references/a.md" and a link to it).
	sections map[int]*Section
	refs     map[string]refResult // by the path opened
	skills   map[string]skillResult
	// noContent leaves a reference's content out (Walk only asks whether
	// it can be read, and keeps nothing).
	noContent bool
}

type refResult struct {
	content string
	fail    func(rel string) error
}

type skillResult struct {
	ref *SkillRef
	err error
}

func newResolving(s *model.Skill, r Resolver) *resolving {
	return &resolving{s: s, r: r, sections: map[int]*Section{}, refs: map[string]refResult{}, skills: map[string]skillResult{}}
}

func (rv *resolving) resolve(a model.Action) ActionResult {
	res := ActionResult{Kind: a.Kind, Target: a.Target, Line: a.Line, Column: a.Column}
	var err error
	switch a.Kind {
	case model.ActionGoto:
		res.Section, err = rv.resolveGoto(a.Target)
	case model.ActionLoadReference:
		res.Reference, err = rv.resolveReference(a.Target)
	case model.ActionLoadSkill:
		sr, ok := rv.skills[a.Target]
		if !ok {
			sr.ref, sr.err = resolveSkill(a.Target, rv.r)
			rv.skills[a.Target] = sr
		}
		res.Skill, err = sr.ref, sr.err
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
		res.refused = refusalOf(err)
		res.Message = ""
		return res
	}
	res.OK = true
	return res
}

func (rv *resolving) resolveGoto(target string) (*Section, error) {
	s := rv.s
	if strings.TrimSpace(target) == "" {
		return nil, errors.New("goto names no heading")
	}
	if rv.headings == nil {
		rv.headings = skillmd.NewHeadingIndex(skillmd.Headings(s.Body))
	}
	i, ok := rv.headings.Find(target)
	if !ok {
		return nil, fmt.Errorf("no heading %q in the skill body%s", target, rv.headingHint())
	}
	if sec, ok := rv.sections[i]; ok {
		return sec, nil
	}
	h := rv.headings.Heading(i)
	end := min(max(h.End, h.Offset), len(s.Body))
	line := h.Line
	if s.BodyLine > 0 {
		line += s.BodyLine - 1
	}
	sec := &Section{
		Heading: h.Text,
		Level:   h.Level,
		Slug:    h.Slug,
		Text:    strings.TrimRight(s.Body[h.Offset:end], "\n") + "\n",
		Line:    line,
	}
	rv.sections[i] = sec
	return sec, nil
}

// headingHint lists the headings there are, so a typo is easy to spot.
// The first eight are enough (a list sized for every heading, made for
// every missing one, grew with the product of the two counts).
func (rv *resolving) headingHint() string {
	if rv.hint != "" {
		return rv.hint
	}
	hs := rv.headings.All()
	if len(hs) == 0 {
		rv.hint = " (the body has no headings)"
		return rv.hint
	}
	names := make([]string, 0, 9)
	for _, h := range hs {
		names = append(names, strings.Repeat("#", h.Level)+" "+h.Text)
		if len(names) == 8 {
			names = append(names, "…")
			break
		}
	}
	rv.hint = "; headings: " + strings.Join(names, ", ")
	return rv.hint
}

// CleanReference checks that rel names a file inside the skill folder and
// returns it cleaned; it is skillmd.CleanReference, the check lint's
// quiz/reference-escapes applies, so lint and a run never disagree.
func CleanReference(rel string) (string, error) { return skillmd.CleanReference(rel) }

func (rv *resolving) resolveReference(target string) (*Reference, error) {
	s := rv.s
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
	got, ok := rv.refs[fsPath]
	if !ok {
		got.content, got.fail = readReference(s.Location.FS, fsPath)
		if rv.noContent {
			got.content = ""
		}
		rv.refs[fsPath] = got
	}
	if got.fail != nil {
		return nil, got.fail(rel)
	}
	return &Reference{Path: rel, Content: got.content}, nil
}

// readReference reads the file at fsPath. A failure is said by fail,
// which names the file as the action wrote it.
func readReference(fsys fs.FS, fsPath string) (content string, fail func(rel string) error) {
	cannot := func(err error) func(string) error {
		return func(rel string) error { return fmt.Errorf("cannot read %s: %w", rel, skillmd.ReferenceReadErr(err)) }
	}
	if info, err := fs.Lstat(fsys, fsPath); err == nil && !info.IsDir() && !info.Mode().IsRegular() && info.Mode()&fs.ModeSymlink == 0 {
		// Checked before Open: opening a FIFO blocks on a plain os.DirFS.
		return "", func(rel string) error { return notAFile(rel, info.Mode()) }
	}
	f, err := fsys.Open(fsPath)
	if err != nil {
		if errors.Is(err, safefs.ErrNotRegular) {
			return "", func(rel string) error {
				return &refusedError{refusedNotFile, fmt.Sprintf("cannot read %s: %v", rel, skillmd.ReferenceReadErr(err))}
			}
		}
		return "", cannot(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return "", cannot(err)
	}
	if info.IsDir() {
		return "", func(rel string) error { return fmt.Errorf("%s is a folder, not a file", rel) }
	}
	if !info.Mode().IsRegular() {
		return "", func(rel string) error { return notAFile(rel, info.Mode()) }
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxReferenceSize+1))
	if err != nil {
		return "", cannot(err)
	}
	if len(data) > MaxReferenceSize {
		return "", func(rel string) error {
			return fmt.Errorf("%s is larger than %d KiB; split it into smaller references", rel, MaxReferenceSize>>10)
		}
	}
	return string(data), nil
}

// insideSkill maps rel to an FS path under dir, following symlinks only
// while they stay inside the skill folder (skillmd.FollowReference, which
// lint's quiz/reference-escapes uses too): a link out is refused.
func insideSkill(fsys fs.FS, dir, rel string) (string, error) {
	p, err := skillmd.FollowReference(fsys, dir, rel)
	var out *skillmd.LinkOutError
	if errors.As(err, &out) {
		return "", &refusedError{refusedLinkOut, err.Error()}
	}
	return p, err
}

// refusal says why a reference that is there was not read, so the walk
// files it under the rule that fits and gives the fix that works: a link
// out of the skill is not a missing file, and "create the file" would not
// help with a named pipe.
type refusal int

const (
	refusedNone    refusal = iota
	refusedLinkOut         // a symlink leading outside the skill folder
	refusedNotFile         // a FIFO, device or socket
)

// refusedError is a reference refused for what it is, not for being absent.
type refusedError struct {
	kind refusal
	msg  string
}

func (e *refusedError) Error() string { return e.msg }

// refusalOf is the refusal err carries, or refusedNone.
func refusalOf(err error) refusal {
	var re *refusedError
	if errors.As(err, &re) {
		return re.kind
	}
	return refusedNone
}

// notAFile names the kind of special file rel is, as lint does.
func notAFile(rel string, m fs.FileMode) error {
	return &refusedError{refusedNotFile, skillmd.NotAFile(rel, m).Error()}
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
