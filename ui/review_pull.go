package ui

import (
	"fmt"
	"path/filepath"

	"github.com/skillstudio/skillstudio/registry"
	"github.com/skillstudio/skillstudio/review"
)

// recordPull notes a studio pull in dir's skillstudio.lock, as the CLI's
// pull does, so `skillstudio pull --check` covers it. It runs in the pull
// command (the review reads the copied skill's files).
func recordPull(source, dir string, p registry.Pulled) error {
	v := review.Reviewed(p.Skill, nil).Verdict
	rv := registry.LockReview{Line: v.Line, Errors: v.Errors, Warnings: v.Warnings, Infos: v.Infos}
	if err := registry.Record(dir, registry.EntryFor(source, p, rv)); err != nil {
		return fmt.Errorf("pulled into %s, but could not record it in %s: %w", p.Dest, filepath.Join(dir, registry.LockFileName), err)
	}
	return nil
}
