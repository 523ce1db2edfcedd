package fix

import "github.com/skillstudio/skillstudio/model"

// MaxPasses bounds Repeat: a fix can reveal or unblock another (two fixes
// that touched the same bytes), so fixing repeats on the re-read files, as
// eslint does, but never forever.
const MaxPasses = 10

// Repeat fixes lib's local files from disk, re-reads them with reload and
// repeats while fixes still change something. keep, when not nil, picks
// the fixes it may apply (lint --changed: those whose edits all name a
// changed file); the others are left out of every plan. report sees each
// pass's plan and result. It returns the library as it stands after the
// last write; a reload error stops it.
func Repeat(lib *model.Library, reload func() (*model.Library, error), keep func(Fix) bool, report func(Plan, Result)) (*model.Library, error) {
	done := map[Key]bool{}
	for pass := 0; pass < MaxPasses; pass++ {
		var todo []Fix
		for _, f := range Collect(lib) {
			if !done[f.Key()] && (keep == nil || keep(f)) {
				todo = append(todo, f)
			}
		}
		plan := NewPlan(todo, Disk)
		res := Apply(plan)
		report(plan, res)
		if len(res.Fixed) == 0 {
			return lib, nil
		}
		for _, f := range res.Fixed {
			done[f.Key()] = true
		}
		var err error
		if lib, err = reload(); err != nil {
			return nil, err
		}
	}
	return lib, nil
}
