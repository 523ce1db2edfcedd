package build

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/skillstudio/skillstudio/formats/xgs/bundle"
	"github.com/skillstudio/skillstudio/internal/display"
	"github.com/skillstudio/skillstudio/internal/watch"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/sanitize"
)

// The --watch half of build: rebuild what a save touched, keep the last
// good bundle of a broken skill, keep registry.json in step.

// dependsOn reports whether the skill's last good build read file.
func (b *builtSkill) dependsOn(file string) bool {
	if b.good == nil {
		return false
	}
	for _, in := range b.good.Inputs {
		if in == file {
			return true
		}
	}
	return false
}

// watch rebuilds on change until ctx ends. A broken file prints its
// errors and keeps its last good bundle and registry entry.
func (s *session) watch(ctx context.Context, req Request) error {
	dirs := map[string]bool{}
	for _, abs := range s.order {
		dirs[filepath.Dir(abs)] = true
	}
	for _, r := range s.roots {
		dirs[r] = true
	}
	// Leading: a rebuild is cheap and the last good bundle is kept, so the
	// first save is built at once rather than after the debounce.
	s.refreshRelevant()
	w, err := watch.New(req.Debounce, s.eventKeys, watch.Leading()) // reports absolute paths
	if err != nil {
		return fmt.Errorf("watch: %w", err)
	}
	defer w.Close()
	for d := range dirs {
		if err := w.Add(d); err != nil {
			return fmt.Errorf("watch: %w", err)
		}
	}
	s.watcher, s.watched = w, dirs
	for _, abs := range s.order {
		s.watchInputs(s.skills[abs].good)
	}
	fmt.Fprintf(s.stdout, "watching %s in %s (ctrl-c to stop)\n", display.Plural(len(s.order), "skill"), display.Plural(len(s.watched), "folder"))
	if req.Ready != nil {
		req.Ready()
	}
	for {
		select {
		case <-ctx.Done():
			fmt.Fprintln(s.stdout, "stopped")
			return nil
		case paths, ok := <-w.Bursts():
			if !ok {
				fmt.Fprintln(s.stdout, "stopped")
				return nil
			}
			s.changed(paths)
			s.refreshRelevant()
		}
	}
}

// changed rebuilds the skills a burst of file events touched.
func (s *session) changed(paths []string) {
	rebuild := map[string]bool{}
	for _, p := range paths {
		if filepath.Dir(p) == s.out {
			continue // our own writes
		}
		switch {
		case s.skills[p] != nil:
			rebuild[p] = true
		case strings.HasSuffix(p, ".xgs.js") && s.isWatchedDir(filepath.Dir(p)):
			if _, err := os.Stat(p); err == nil {
				if src, ok := s.sourceOf(p); ok {
					s.add(p, src)
					rebuild[p] = true
				}
			}
		default:
			// A helper module the skill imports: esbuild's metafile says
			// which skills read it. Editors' temp files match none.
			for _, abs := range s.order {
				if s.skills[abs].dependsOn(p) {
					rebuild[abs] = true
				}
			}
		}
	}
	touched := false
	for _, abs := range append([]string(nil), s.order...) {
		if !rebuild[abs] {
			continue
		}
		touched = true
		sk := s.skills[abs]
		if _, err := os.Stat(abs); err != nil {
			fmt.Fprintf(s.stdout, "%s  removed\n", sanitize.Line(sk.display))
			s.remove(abs)
			continue
		}
		r := s.rebuild(sk)
		wrote := ""
		if r.OK() {
			if err := bundle.WriteBundle(s.out, &r); err != nil {
				fmt.Fprintf(s.stderr, "cannot write %s: %v\n", bundle.OutputName(r.Name), err)
				continue
			}
			sk.good = &r
			s.watchInputs(&r)
			wrote = filepath.Join(s.out, bundle.OutputName(r.Name))
		}
		s.report(&r, true, wrote) // after the write: a line means the file is there
	}
	if touched {
		s.writeRegistry()
	}
}

// watchInputs adds the folders of a build's helper modules to the
// watcher (node_modules excepted: packages change by npm, not by typing).
func (s *session) watchInputs(r *bundle.Result) {
	if r == nil || s.watcher == nil {
		return
	}
	for _, in := range r.Inputs {
		dir := filepath.Dir(in)
		if s.watched[dir] || strings.Contains(in, string(filepath.Separator)+"node_modules"+string(filepath.Separator)) {
			continue
		}
		if err := s.watcher.Add(dir); err == nil {
			s.watched[dir] = true
		}
	}
}

func (s *session) isWatchedDir(dir string) bool {
	for _, r := range s.roots {
		if r == dir {
			return true
		}
	}
	for _, abs := range s.order {
		if filepath.Dir(abs) == dir {
			return true
		}
	}
	return false
}

func (s *session) remove(abs string) {
	// The deleted skill's bundle goes too (registry.json is rewritten
	// next): only a bundle this build wrote, and only when no other skill
	// builds to the same name.
	if g := s.skills[abs].good; g != nil {
		name := bundle.OutputName(g.Name)
		shared := false
		for other, sk := range s.skills {
			if other != abs && sk.good != nil && bundle.OutputName(sk.good.Name) == name {
				shared = true
			}
		}
		if owned, err := bundle.OwnedFiles(s.out); err == nil && owned[name] && !shared {
			os.Remove(filepath.Join(s.out, name))
		}
	}
	s.builder.Forget(abs)
	delete(s.skills, abs)
	for i, p := range s.order {
		if p == abs {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
}

// writeRegistry rewrites registry.json from every skill's last good build.
func (s *session) writeRegistry() {
	var results []*bundle.Result
	for _, abs := range s.order {
		if g := s.skills[abs].good; g != nil {
			c := *g // NewRegistry appends findings; keep the stored build clean
			c.Errors = append([]model.Diagnostic(nil), g.Errors...)
			results = append(results, &c)
		}
	}
	reg := bundle.NewRegistry(results)
	for _, r := range results {
		for _, d := range r.Errors {
			fmt.Fprintf(s.stderr, "%s:%d:%d: %s %s: %s\n", sanitize.Line(d.File), d.Line, d.Column, d.Severity, d.Rule, sanitize.Line(d.Message))
		}
	}
	if err := bundle.WriteRegistry(s.out, reg); err != nil {
		fmt.Fprintf(s.stderr, "cannot write %s: %v\n", bundle.RegistryFile, err)
	}
}
