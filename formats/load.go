package formats

import (
	"context"
	"fmt"
	"path"
	"runtime"
	"sync"

	"github.com/skillstudio/skillstudio/formats/osloop"
	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/formats/xgs"
	"github.com/skillstudio/skillstudio/model"
)

// Load reads one candidate with its format's reader. It never returns nil
// and never panics: a reader that fails comes back as a skill with an error.
func Load(c Candidate, loc model.Location, opts model.Options) (s *model.Skill) {
	defer func() {
		if r := recover(); r != nil {
			s = &model.Skill{Format: c.Format, Name: path.Base(c.Path)}
			s.Diagnostics = append(s.Diagnostics, crashRule.New("library/reader-crash", c.Path, 0, 0,
				fmt.Sprintf("the %s reader failed on this skill: %v", c.Format.Label(), r),
				"This is a skillstudio bug: please report it with the file attached."))
		}
		// The reader knows the paths; the caller knows where the FS came from.
		file := s.Location.File
		l := loc
		l.Dir = c.Path
		if c.Format == model.FormatXGS {
			l.Dir = path.Dir(c.Path)
			if file == "" {
				file = c.Path
			}
		}
		if file == "" {
			file = path.Join(c.Path, map[model.Format]string{model.FormatSkillMD: "SKILL.md", model.FormatOSLoop: "manifest.json"}[c.Format])
		}
		l.File = file
		s.Location = l
		if opts.FindingsOnly {
			dropViews(s)
		}
	}()
	switch c.Format {
	case model.FormatXGS:
		return xgs.Load(loc.FS, c.Path, opts)
	case model.FormatSkillMD:
		return skillmd.Load(loc.FS, c.Path, opts)
	case model.FormatOSLoop:
		return osloop.Load(loc.FS, c.Path, opts)
	}
	return &model.Skill{Format: c.Format, Name: path.Base(c.Path)}
}

// LoadAll reads every skill under root (LoadTree), then runs the
// library-level checks and applies cfg.
func LoadAll(ctx context.Context, base model.Location, root string, opts model.Options, cfg *Config) *model.Library {
	lib := LoadTree(ctx, base, root, opts)
	CheckLibrary(lib)
	cfg.Apply(lib)
	return lib
}

// LoadTree finds and reads every skill under root in parallel (one worker
// per CPU) and checks OS Loop indexes, without the library-level checks
// (run CheckLibrary once over everything loaded together).
// base supplies Source, Root, Local and FS; Dir and File are set per skill.
func LoadTree(ctx context.Context, base model.Location, root string, opts model.Options) *model.Library {
	found := Find(base.FS, root)
	lib := &model.Library{Skills: make([]*model.Skill, len(found.Candidates))}
	lib.Diagnostics = append(lib.Diagnostics, found.Problems...)

	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				lib.Skills[i] = Load(found.Candidates[i], base, opts)
			}
		}()
	}
feed:
	for i := range found.Candidates {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if ctx.Err() != nil {
		// Keep what was read; drop the slots never filled.
		kept := lib.Skills[:0]
		for _, s := range lib.Skills {
			if s != nil {
				kept = append(kept, s)
			}
		}
		lib.Skills = kept
	}
	// Group OS Loop packages by parent folder once: a scan per index is
	// quadratic in a tree of many repositories.
	var byParent map[string][]*model.Skill
	if len(found.Repositories) > 0 {
		byParent = map[string][]*model.Skill{}
		for _, s := range lib.Skills {
			if s.Format == model.FormatOSLoop {
				parent := path.Dir(s.Location.Dir)
				byParent[parent] = append(byParent[parent], s)
			}
		}
	}
	// Linting one package of a repository checks its own index entry (those
	// findings land on the skill) but not the rest of the index, which is
	// about packages nobody asked for.
	single := len(found.Candidates) == 1 && found.Candidates[0].Path == root
	for _, repo := range found.Repositories {
		members := byParent[path.Dir(repo.Index)]
		indexFindings := osloop.CheckIndex(base.FS, repo.Index, members, opts)
		if !single {
			lib.Diagnostics = append(lib.Diagnostics, indexFindings...)
		}
	}
	if opts.FindingsOnly {
		for _, s := range lib.Skills {
			s.Doc = nil // the OS Loop packages, kept for the index checks
		}
	}
	return lib
}

// dropViews forgets what only viewers need, for model.Options.FindingsOnly.
// It keeps what the library checks read (name, namespace, requires,
// quizzes) and the findings; an OS Loop package keeps its parsed document
// until its index has been checked against it (LoadTree drops it then).
func dropViews(s *model.Skill) {
	s.Body, s.Fields, s.Functions = "", nil, nil
	if s.Format != model.FormatOSLoop {
		s.Doc = nil
	}
}
