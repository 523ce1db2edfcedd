// Package quiz runs the quiz gates of a SKILL.md (Layer 4 of the format) the
// way an agent meets them: one question at a time, each answer recorded and
// explained, each branch action resolved to what the agent would receive, a
// score per block and a gate that stays closed until its block passes.
//
// The package knows nothing of terminals. A Run is a small state machine
// (Phase: Question → BlockEnd → … → Done) driven by Answer, Retry and
// Continue; the studio's Quiz tab drives it key by key, `skillstudio quiz
// --answers` drives it from a list (Replay), and `--walk` tries every
// option of every question (Walk). Every run leaves a Transcript, which is
// JSON-serialisable and printable as text (WriteText).
package quiz
