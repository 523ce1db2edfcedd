// Package fix turns the model.Fix edits that readers attach to findings
// into changed files: it plans which fixes can be applied together
// (grouping edits per file, dropping fixes that overlap one accepted
// before them), applies edits to bytes, and writes files atomically.
//
// The pieces are separate so that more than `lint --fix` can use them: an
// editor or language server applies a plan to its in-memory buffers with
// ApplyToBytes, the CLI writes to disk with Apply, and Repeat runs the
// fix-and-relint passes.
package fix

import (
	"github.com/skillstudio/skillstudio/internal/safefs"
	"github.com/skillstudio/skillstudio/model"
)

// Edit is a model.TextEdit whose file is resolved to a path on this
// machine: replace bytes [Start, End) with NewText.
type Edit struct {
	Path       string
	Start, End int
	NewText    string
	// Read is the file as lint read it, when its reader says (a local
	// source's safefs.FS): the offsets are into those bytes, so a plan
	// skips the edit when the file on disk is no longer that file.
	Read *safefs.Stamp
}

// Fix is one finding's fix, its edits resolved to paths on this machine.
type Fix struct {
	Diag model.Diagnostic
	// File is the finding's file as a person is shown it.
	File  string
	Edits []Edit
}

// Key identifies a finding across lint passes, so that a fix which does
// not make its finding go away is applied once, not once per pass.
type Key struct{ Rule, File, Message string }

// Key is f's finding's identity.
func (f Fix) Key() Key { return Key{f.Diag.Rule, f.File, f.Diag.Message} }
