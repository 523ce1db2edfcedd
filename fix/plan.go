package fix

import (
	"os"
	"sort"

	"github.com/skillstudio/skillstudio/internal/safefs"
)

// Source reads the current content of a file a fix edits: the disk for
// the CLI, open buffers for an editor.
type Source interface {
	ReadFile(path string) ([]byte, error)
}

// Disk reads files from this machine's disk.
var Disk Source = disk{}

type disk struct{}

func (d disk) ReadFile(p string) ([]byte, error) {
	b, _, err := d.readStamped(p)
	return b, err
}

// readStamped reads p and says which file, in which state, it read. It
// never waits on a FIFO swapped in since lint read the file, and a file
// written to while it is read is reported changed.
func (disk) readStamped(p string) ([]byte, safefs.Stamp, error) {
	// Stat first: its error names the problem as lint --fix always has.
	if _, err := os.Stat(p); err != nil {
		return nil, safefs.Stamp{}, err
	}
	f, err := safefs.OpenFile(p)
	if err != nil {
		return nil, safefs.Stamp{}, err
	}
	defer f.Close()
	before, err := f.Stat()
	if err != nil {
		return nil, safefs.Stamp{}, err
	}
	b, err := safefs.ReadSized(f, p, before.Size(), safefs.MaxFile)
	if err != nil {
		return nil, safefs.Stamp{}, err
	}
	if after, err := f.Stat(); err != nil || safefs.StampOf(after) != safefs.StampOf(before) {
		return nil, safefs.Stamp{}, ErrChanged
	}
	return b, safefs.StampOf(before), nil
}

// stampedSource is a Source that can say which file it read (the disk;
// an editor's buffers cannot).
type stampedSource interface {
	readStamped(path string) ([]byte, safefs.Stamp, error)
}

// Plan is which fixes can be applied together, and each file's edits.
type Plan struct {
	// Accepted fixes, in the order they were offered.
	Accepted []Fix
	// Skipped fixes and why.
	Skipped []Skipped
	// Files holds the accepted edits per file, sorted by path.
	Files []FileEdits
}

// Skipped is a fix left out of a plan.
type Skipped struct {
	Fix    Fix
	Reason string
	// Overlap is set when the fix only collides with one accepted before
	// it: nothing is wrong with it, and a later pass may apply it.
	Overlap bool
}

// FileEdits is one file's content when planned and its accepted edits.
type FileEdits struct {
	Path     string
	Original []byte
	Edits    []Edit
	// Read is the file Original was read from, when the Source says;
	// Apply writes only over that file, in that state.
	Read *safefs.Stamp
}

// NewPlan accepts, in order, each fix whose edits lie inside their files
// and overlap neither each other nor an edit accepted before.
func NewPlan(fixes []Fix, src Source) Plan {
	var p Plan
	files := map[string]*FileEdits{}
	accepted := map[string]*spans{}
	for _, f := range fixes {
		if s, ok := check(f, files, accepted, src); !ok {
			p.Skipped = append(p.Skipped, s)
			continue
		}
		for _, e := range f.Edits {
			files[e.Path].Edits = append(files[e.Path].Edits, e)
			if accepted[e.Path] == nil {
				accepted[e.Path] = &spans{}
			}
			accepted[e.Path].add(e)
		}
		p.Accepted = append(p.Accepted, f)
	}
	for _, fe := range files {
		if len(fe.Edits) > 0 {
			p.Files = append(p.Files, *fe)
		}
	}
	sort.Slice(p.Files, func(i, j int) bool { return p.Files[i].Path < p.Files[j].Path })
	return p
}

// check reads the files f edits and reports whether f fits beside the
// edits accepted so far; when not, why.
func check(f Fix, files map[string]*FileEdits, accepted map[string]*spans, src Source) (Skipped, bool) {
	skip := func(reason string) (Skipped, bool) { return Skipped{Fix: f, Reason: reason}, false }
	for i, e := range f.Edits {
		fe, ok := files[e.Path]
		if !ok {
			var err error
			if fe, err = read(e.Path, src); err != nil {
				return skip(err.Error())
			}
			files[e.Path] = fe
		}
		// The offsets are into the bytes lint read: a file that is no
		// longer that file would get them spliced into someone else's text.
		if e.Read != nil && fe.Read != nil && *e.Read != *fe.Read {
			return skip(ErrChanged.Error())
		}
		if reason := outOfRange(e, len(fe.Original)); reason != "" {
			return skip(reason)
		}
		if sp := accepted[e.Path]; sp != nil && sp.overlapsAny(e) {
			return Skipped{Fix: f, Reason: "it overlaps a fix applied before it", Overlap: true}, false
		}
		for _, o := range f.Edits[:i] {
			if o.Path == e.Path && overlaps(o, e) {
				return skip("its edits overlap each other (a reader bug; please report it)")
			}
		}
	}
	return Skipped{}, true
}

func read(path string, src Source) (*FileEdits, error) {
	if ss, ok := src.(stampedSource); ok {
		data, st, err := ss.readStamped(path)
		if err != nil {
			return nil, err
		}
		return &FileEdits{Path: path, Original: data, Read: &st}, nil
	}
	data, err := src.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return &FileEdits{Path: path, Original: data}, nil
}

// Output is path's content with the plan's edits applied, and whether the
// plan edits path at all.
func (p Plan) Output(path string) ([]byte, bool) {
	for _, fe := range p.Files {
		if fe.Path == path {
			return splice(fe.Original, fe.Edits), true
		}
	}
	return nil, false
}
