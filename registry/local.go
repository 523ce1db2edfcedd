// Package registry says where skills come from: local folders and files,
// the embedded example library, and (remote.go and friends) remote sources.
// Each source is opened as an fs.FS and read by formats, so every consumer
// shares one code path.
package registry

import (
	"context"
	"fmt"
	"github.com/skillstudio/skillstudio/internal/safefs"
	"os"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/examples"
	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/model"
)

// Opened is a source ready to search: Base carries the FS and where it came
// from; Root is the path inside Base.FS to search (a folder or one skill).
type Opened struct {
	Base model.Location
	Root string
	// Notes are findings about the source itself rather than one skill
	// (a rejected remote index entry, a digest mismatch, a stale cache);
	// loading adds them to the library's diagnostics.
	Notes []model.Diagnostic
	// Annotate, when set, adds what only the source knows (a remote
	// skill's verified digest) to each skill read from it.
	Annotate func(*model.Skill)
	// Withheld are skills a remote index names that were not used (a
	// digest mismatch, a failed fetch), each with why; also in Notes.
	Withheld []Withheld
}

// EmbeddedSource is the name the embedded example library goes by.
const EmbeddedSource = "embedded"

// Embedded opens the example library that ships inside the binary.
func Embedded() Opened {
	return Opened{Base: model.Location{Source: EmbeddedSource, FS: examples.Library()}, Root: "."}
}

// OpenLocal opens a folder or a skill file on disk. A folder that is itself
// one skill, and a skill's main file, are opened from the folder above, so
// the skill keeps its folder name (SKILL.md names must equal it).
func OpenLocal(spec string) (Opened, error) {
	abs, err := filepath.Abs(spec)
	if err != nil {
		return Opened{}, err
	}
	info, err := os.Stat(abs)
	if err != nil {
		return Opened{}, fmt.Errorf("cannot open %s: %w", spec, safefs.Cause(err))
	}
	// Every file is read through safefs: regular files only, symlinks
	// followed only while they stay inside the folder the user named
	// (confine), never out of it.
	base := func(root, confine string) model.Location {
		return model.Location{Source: spec, Root: root, Local: true, FS: safefs.Confined(root, confine)}
	}
	if info.IsDir() {
		parent := filepath.Dir(abs)
		if parent != abs {
			if _, ok := formats.Detect(safefs.Confined(parent, filepath.Base(abs)), filepath.Base(abs)); ok {
				return Opened{Base: base(parent, filepath.Base(abs)), Root: filepath.Base(abs)}, nil
			}
		}
		return Opened{Base: base(abs, "."), Root: "."}, nil
	}
	dir := filepath.Dir(abs)
	if c, ok := formats.Detect(safefs.Dir(dir), filepath.Base(abs)); ok && c.Format != model.FormatXGS {
		parent := filepath.Dir(dir)
		return Opened{Base: base(parent, filepath.Base(dir)), Root: filepath.ToSlash(filepath.Join(filepath.Base(dir), filepath.Base(abs)))}, nil
	}
	return Opened{Base: base(dir, "."), Root: filepath.Base(abs)}, nil
}

// Source is o for the load pipeline (formats.Stream).
func (o Opened) Source() formats.Source {
	return formats.Source{Base: o.Base, Root: o.Root, Notes: o.Notes, Annotate: o.Annotate}
}

// Load runs the load pipeline over o: every skill read and checked, its
// Notes among the library findings, cfg applied.
func (o Opened) Load(ctx context.Context, opts model.Options, cfg *model.RuleConfig) *model.Library {
	open := func() (formats.Source, error) { return o.Source(), nil }
	return formats.Collect(ctx, []formats.Opener{open}, formats.Settings{Options: opts, Rules: cfg}).Library()
}

// OpenSource opens a local path, or (IsRemote) a remote source with the
// caller's remote options (the CLI's --offline, --insecure-http), fetching
// all of it.
func OpenSource(ctx context.Context, spec string, remote RemoteOptions) (Opened, error) {
	if IsRemote(spec) {
		o, err := Open(ctx, spec, remote)
		if err != nil && !strings.Contains(spec, ":") {
			// A bare name that looked like a domain may be a mistyped path.
			return o, fmt.Errorf("no local file or folder %s, and as a site: %w", spec, err)
		}
		return o, err
	}
	return OpenLocal(spec)
}

// LoadSources opens and reads each spec through the load pipeline,
// merging them into one library with the library-level checks run across
// all of them. An unopenable spec is an error naming it; the others are
// still read. Remote specs are opened with remote.
func LoadSources(ctx context.Context, specs []string, opts model.Options, cfg *model.RuleConfig, remote RemoteOptions) (*model.Library, error) {
	opens := make([]formats.Opener, len(specs))
	for i, spec := range specs {
		opens[i] = func() (formats.Source, error) {
			o, err := OpenSource(ctx, spec, remote)
			if fsys, ok := o.Base.FS.(*safefs.FS); ok && opts.KeepReadStamps {
				fsys.KeepStamps()
			}
			return o.Source(), err
		}
	}
	c := formats.Collect(ctx, opens, formats.Settings{Options: opts, Rules: cfg})
	for _, err := range c.Errs {
		if err != nil {
			return c.Merged(), err
		}
	}
	return c.Merged(), nil
}
