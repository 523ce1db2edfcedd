package formats

import (
	"path"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/skillstudio/skillstudio/formats/osloop"
	"github.com/skillstudio/skillstudio/listing"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/suppress"
)

// Member is a skill read from one of the sources given to Check.
type Member struct {
	// Source is the index of the skill's source in Check's sources.
	Source int
	Skill  *model.Skill
}

// Checked is what the library checks found.
type Checked struct {
	// Skills are copies of the members' skills, in the same order, with
	// the library findings added (and an indexed OS Loop skill's tags).
	Skills []*model.Skill
	// Sources holds, per source, the findings of its OS Loop indexes that
	// belong to no one skill (a dangling entry, a broken index.json).
	Sources [][]model.Diagnostic
}

// Check is the pipeline's second stage: each source's OS Loop indexes
// against the packages read from it, then CheckLibrary over everything,
// then the listing checks (listing.CheckLibraries).
// It works on copies, so skills on screen are never mutated; nil sources
// (removed, or not searched yet) are left out. cfg is applied to the
// findings Check adds only: the members' own already went through it.
func Check(sources []*Searched, members []Member, opts model.Options, cfg *model.RuleConfig) Checked {
	out := Checked{Skills: make([]*model.Skill, len(members)), Sources: make([][]model.Diagnostic, len(sources))}
	own := make([]int, len(members))
	parallel(len(members), func(i int) {
		c := *members[i].Skill
		c.Diagnostics = slices.Clone(c.Diagnostics)
		if si := members[i].Source; si >= 0 && si < len(sources) && sources[si] != nil && len(sources[si].Found.Aliases) > 0 {
			c.Location.Aliases = AliasesOf(c.Location.Dir, sources[si].Found.Aliases)
		}
		out.Skills[i], own[i] = &c, len(c.Diagnostics)
	})
	for si, src := range sources {
		if src != nil {
			out.Sources[si] = model.CapFindings(cfg.FilterAt(src.Base.Root, checkIndexes(src, out.Skills, members, si, opts)))
			charColumns(src.Base.FS, out.Sources[si])
		}
	}
	// The library checks run beside the agents' skill listings, look-alike
	// descriptions and eval files (listing.CheckLibraries, which appends
	// to the skills itself): both come after the last read with nothing
	// else to overlap. The library's findings, few, are gathered apart and
	// put first, as CheckLibrary would have.
	lib := map[*model.Skill][]model.Diagnostic{}
	pluginFindings := make([][]model.Diagnostic, len(sources))
	var wg sync.WaitGroup
	wg.Go(func() {
		addLib := func(s *model.Skill, d model.Diagnostic) { lib[s] = append(lib[s], d) }
		checkLibrary(out.Skills, addLib)
		for si, src := range sources {
			if src != nil && !src.single() {
				pluginFindings[si] = checkPlugins(src.Base.FS, src.Found.Listed, sourceSkills(out.Skills, members, si), addLib)
			}
		}
	})
	listing.CheckLibraries(out.Skills, opts.ListingAgents, opts.ContextTokens)
	wg.Wait()
	for si, ds := range pluginFindings {
		if len(ds) > 0 {
			ds = cfg.FilterAt(sources[si].Base.Root, ds)
			charColumns(sources[si].Base.FS, ds)
			out.Sources[si] = model.CapFindings(append(out.Sources[si], ds...))
		}
	}
	for i, s := range out.Skills {
		if ds := lib[s]; len(ds) > 0 {
			s.Diagnostics = slices.Concat(s.Diagnostics[:own[i]], ds, s.Diagnostics[own[i]:])
		}
	}
	// What is left is per skill and reads files (columns, suppression
	// comments): one worker per CPU.
	parallel(len(out.Skills), func(i int) {
		s := out.Skills[i]
		s.Diagnostics = append(s.Diagnostics[:own[i]], cfg.FilterAt(s.Location.Root, s.Diagnostics[own[i]:])...)
		charColumns(s.Location.FS, s.Diagnostics[own[i]:])
		// Last, so a comment can silence any finding, the library's included.
		suppress.Skill(s, func(ds []model.Diagnostic) []model.Diagnostic { return cfg.FilterAt(s.Location.Root, ds) })
	})
	return out
}

// sourceSkills are the skills read from source si.
func sourceSkills(skills []*model.Skill, members []Member, si int) []*model.Skill {
	var out []*model.Skill
	for i, s := range skills {
		if members[i].Source == si {
			out = append(out, s)
		}
	}
	return out
}

// parallel calls f(0) … f(n-1) on one goroutine per CPU.
func parallel(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				f(i)
			}
		})
	}
	wg.Wait()
}

// checkIndexes checks the OS Loop indexes of source si against the
// packages read from it, grouped by folder once (a scan per index is
// quadratic in a tree of many repositories).
func checkIndexes(src *Searched, skills []*model.Skill, members []Member, si int, opts model.Options) []model.Diagnostic {
	repos := src.Found.Repositories
	if len(repos) == 0 {
		return nil
	}
	byParent := map[string][]*model.Skill{}
	for i, s := range skills {
		if members[i].Source == si && s.Format == model.FormatOSLoop {
			parent := path.Dir(s.Location.Dir)
			byParent[parent] = append(byParent[parent], s)
		}
	}
	var loose []model.Diagnostic
	for _, repo := range repos {
		ds := osloop.CheckIndex(src.Base.FS, repo.Index, byParent[path.Dir(repo.Index)], opts)
		if !src.single() {
			loose = append(loose, ds...)
		}
	}
	return loose
}
