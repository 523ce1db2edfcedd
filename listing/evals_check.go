package listing

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// CheckEvals reads every JSON file in the skill's evals/ folder (the
// skill-creator layout: evals/evals.json, trigger sets such as
// evals/trigger-evals.json) and checks it. A JSON file other than
// evals.json that is not shaped like evals (a JSON Schema, a results file,
// another runner's prompt list) is not an eval file and is left alone;
// YAML eval files of other runners (waza's evals/eval.yaml, promptfoo)
// are not read: their schemas are those runners' own.
//
// Remote skills are skipped: their eval files are not part of what an
// agent loads, and reading them would cost a fetch each.
func CheckEvals(s *model.Skill) []model.Diagnostic {
	if s.Location.FS == nil || !s.Location.Local && s.Location.Root != "" {
		return nil
	}
	files := evalFiles(s)
	if s.Files == nil {
		dir := s.Location.Join("evals")
		entries, err := fs.ReadDir(s.Location.FS, dir)
		if err != nil {
			return nil
		}
		for _, e := range entries {
			if !e.IsDir() && path.Ext(e.Name()) == ".json" {
				files = append(files, path.Join(dir, e.Name()))
			}
		}
	}
	var ds []model.Diagnostic
	for _, file := range files {
		src, err := readLimited(s.Location.FS, file)
		switch {
		case errors.Is(err, errTooLarge):
			ds = append(ds, Rules.New("evals/json", file, 1, 1, fmt.Sprintf("eval file is larger than %d MiB; not checked", maxEvalBytes>>20),
				"Split the evals into smaller files."))
		case err == nil:
			if !IsEvalFile(file, src) {
				continue
			}
			ds = append(ds, CheckEvalFile(file, src, s)...)
		}
	}
	return ds
}

// IsEvalFile reports whether file (in a skill's evals/ folder) is read as
// an eval file: evals.json always, another JSON file when it parses as an
// eval or trigger set or fails for a reason other than its shape (broken
// JSON, an "evals" that is not a list).
func IsEvalFile(file string, src []byte) bool {
	if path.Base(file) == "evals.json" {
		return true
	}
	_, err := ReadEvals(src)
	return !errors.Is(err, ErrNotEvals)
}

// maxEvalBytes bounds what one eval file may make lint read and parse.
const maxEvalBytes = 8 << 20

var errTooLarge = errors.New("too large")

// readLimited reads file, refusing one over maxEvalBytes.
func readLimited(fsys fs.FS, file string) ([]byte, error) {
	f, err := fsys.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, maxEvalBytes+1))
	if err == nil && len(src) > maxEvalBytes {
		return nil, errTooLarge
	}
	return src, err
}

// CheckEvalFile checks one eval file's text; s (may be nil) supplies the
// skill's name and description.
func CheckEvalFile(file string, src []byte, s *model.Skill) []model.Diagnostic {
	f, err := ReadEvals(src)
	if err != nil {
		return []model.Diagnostic{Rules.New("evals/json", file, 1, 1, "cannot read eval file: "+err.Error(),
			"Use {\"skill_name\", \"evals\": [{\"id\", \"prompt\", \"expected_output\", \"expectations\": [...]}]} or [{\"query\", \"should_trigger\"}].")}
	}
	at := func(off int) (int, int) { return lineCol(src, off) }
	var ds []model.Diagnostic
	if s != nil && f.SkillName != "" && s.Name != "" && f.SkillName != s.Name {
		ds = append(ds, Rules.New("evals/skill-name", file, 1, 1,
			fmt.Sprintf("skill_name %q is not the skill's name %q", clean(f.SkillName), clean(s.Name)), "Set skill_name to the skill's name."))
	}
	ids := map[string]bool{}
	for i, e := range f.Evals {
		l, c := at(e.Offset)
		if strings.TrimSpace(e.Prompt) == "" {
			ds = append(ds, Rules.New("evals/prompt", file, l, c, fmt.Sprintf("eval %d has no prompt", i+1), "Add the user request to run as \"prompt\"."))
		}
		if len(e.Checks) == 0 {
			ds = append(ds, Rules.New("evals/no-checks", file, l, c, fmt.Sprintf("eval %d has no expectations", i+1), "List verifiable statements about the output under \"expectations\" (or \"assertions\")."))
		}
		if e.ID != "" {
			if ids[e.ID] {
				ds = append(ds, Rules.New("evals/duplicate-id", file, l, c, fmt.Sprintf("eval id %s is used twice", clean(e.ID)), "Give every eval its own id."))
			}
			ids[e.ID] = true
		}
	}
	ds = append(ds, checkEvalInputs(file, src, f, s)...)
	ds = append(ds, checkSpelling(file, src, f)...)
	ds = append(ds, checkTriggers(file, src, f, s)...)
	return ds
}

// maxEvalInputs bounds the files one eval file makes lint look up.
const maxEvalInputs = 1000

// checkEvalInputs reports an eval's input file (evals[].files, "relative
// to skill root" in skill-creator's schemas.md) that is not in the
// skill's folder: the runner has no file to give the prompt.
func checkEvalInputs(file string, src []byte, f *EvalFile, s *model.Skill) []model.Diagnostic {
	if s == nil || s.Location.FS == nil {
		return nil
	}
	var ds []model.Diagnostic
	looked := 0
	for i, e := range f.Evals {
		for _, name := range e.Files {
			if looked++; looked > maxEvalInputs {
				return ds
			}
			rel := path.Clean(strings.TrimPrefix(strings.TrimSpace(name), "./"))
			why, beside := "", ""
			switch {
			case name == "":
				continue
			case path.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, "../"):
				why = "is not a path inside the skill's folder"
			default:
				if _, err := fs.Stat(s.Location.FS, s.Location.Join(rel)); err != nil {
					why = "is not in the skill's folder"
					// Written relative to the eval file instead (seen in
					// real skills): say where it is and how to write it.
					if alt := path.Join(path.Dir(file), rel); fileExists(s.Location.FS, alt) {
						beside = strings.TrimPrefix(alt, s.Location.Dir+"/")
					}
				}
			}
			if why == "" {
				continue
			}
			l, c := lineCol(src, e.Offset)
			if at := fileAt(src, e.Offset, name); at >= 0 {
				l, c = lineCol(src, at)
			}
			d := Rules.New("evals/missing-file", file, l, c,
				fmt.Sprintf("eval %d's input file %q %s", i+1, clean(name), why),
				"Add the file to the skill (skill-creator keeps them in evals/files/) or fix the path: files are relative to the skill's folder.")
			if beside != "" {
				// A reader resolving from evals.json finds it; one following
				// schemas.md does not.
				d.Severity = model.SeverityInfo
				d.Message = fmt.Sprintf("eval %d's input file %q is relative to the eval file, not to the skill's folder as schemas.md reads it", i+1, clean(name))
				d.Hint = fmt.Sprintf("Write %q: files are relative to the skill's folder.", clean(beside))
			}
			ds = append(ds, d)
		}
	}
	return ds
}

func fileExists(fsys fs.FS, name string) bool {
	_, err := fs.Stat(fsys, name)
	return err == nil
}

// fileAt is the offset of name's JSON string after the eval's start, or -1.
func fileAt(src []byte, from int, name string) int {
	q, err := json.Marshal(name)
	if err != nil || from < 0 || from > len(src) {
		return -1
	}
	i := bytes.Index(src[from:], q)
	if i < 0 {
		return -1
	}
	return from + i
}

// checkSpelling reports a file that mixes both spellings, with the fix.
func checkSpelling(file string, src []byte, f *EvalFile) []model.Diagnostic {
	n := map[string]int{}
	for _, k := range f.Keys {
		n[k.Spelling]++
	}
	if n[SpellExpectations] == 0 || n[SpellAssertions] == 0 {
		return nil
	}
	to, from := SpellExpectations, SpellAssertions
	if n[SpellAssertions] > n[SpellExpectations] {
		to, from = from, to
	}
	var first KeyAt
	for _, k := range f.Keys {
		if k.Spelling == from {
			first = k
			break
		}
	}
	l, c := lineCol(src, first.Start)
	d := Rules.New("evals/mixed-spelling", file, l, c,
		fmt.Sprintf("%d evals spell their checks %q and %d %q; a tool reading one spelling skips the others", n[from], from, n[to], to),
		fmt.Sprintf("Use one spelling; --fix renames %q to %q.", from, to))
	if d.Fix = ConvertSpelling(file, src, f, to); d.Fix == nil && bothInOneEval(src, f) {
		d.Hint = fmt.Sprintf("Use one spelling: an eval that has both needs its %q and %q lists merged by hand (--fix would leave it two keys of one name), then --fix renames the rest.", from, to)
	}
	return []model.Diagnostic{d}
}

// bothInOneEval reports whether one eval object holds both spellings (or
// one twice): renaming a key there makes a duplicate key, and JSON.parse
// keeps only the last, so the other list of checks is lost.
func bothInOneEval(src []byte, f *EvalFile) bool {
	offs := objectOffsets(src)
	seen := map[int]bool{}
	for _, k := range f.Keys {
		// Eval objects do not nest, so a key's eval is the last one
		// opening before it.
		i := sort.SearchInts(offs, k.Start) - 1
		if seen[i] {
			return true
		}
		seen[i] = true
	}
	return false
}

// ConvertSpelling is the edit that renames every eval's checks key to
// spelling to (SpellExpectations or SpellAssertions); nil when nothing
// changes, or when an eval holds both spellings (bothInOneEval).
func ConvertSpelling(file string, src []byte, f *EvalFile, to string) *model.Fix {
	if bothInOneEval(src, f) {
		return nil
	}
	fix := &model.Fix{Description: fmt.Sprintf("rename eval checks to %q", to)}
	for _, k := range f.Keys {
		if k.Spelling != to && bytes.Equal(src[k.Start:k.End], []byte(`"`+k.Spelling+`"`)) {
			fix.Edits = append(fix.Edits, model.TextEdit{File: file, Start: k.Start, End: k.End, NewText: `"` + to + `"`})
		}
	}
	if len(fix.Edits) == 0 {
		return nil
	}
	return fix
}

// checkTriggers checks a should_trigger query set: balance and near-miss
// negatives.
func checkTriggers(file string, src []byte, f *EvalFile, s *model.Skill) []model.Diagnostic {
	if len(f.Queries) == 0 {
		return nil
	}
	var ds []model.Diagnostic
	pos, neg := 0, 0
	for i, q := range f.Queries {
		l, c := lineCol(src, q.Offset)
		if strings.TrimSpace(q.Query) == "" {
			ds = append(ds, Rules.New("evals/prompt", file, l, c, fmt.Sprintf("trigger query %d has no query text", i+1), "Write the user request as \"query\"."))
		}
		if !q.HasTrigger {
			ds = append(ds, Rules.New("evals/json", file, l, c, fmt.Sprintf("trigger query %d: should_trigger is not true or false", i+1), "Set should_trigger to true or false."))
			continue
		}
		if q.ShouldTrigger {
			pos++
		} else {
			neg++
		}
	}
	if total := pos + neg; total > 0 && (3*pos < total || 3*pos > 2*total) {
		ds = append(ds, Rules.New("evals/trigger-balance", file, 1, 1,
			fmt.Sprintf("%d of %d trigger queries should trigger and %d should not; keep each side between a third and two thirds", pos, total, neg),
			"Add queries to the smaller side: positives measure recall, negatives false triggers."))
	}
	if neg > 0 && s != nil && s.Description != "" && !hasNearMiss(f.Queries, s) {
		ds = append(ds, Rules.New("evals/near-miss", file, 1, 1,
			fmt.Sprintf("none of the %d should_trigger: false queries shares a content word with the description; every negative is easy", neg),
			"Add negatives that sound like this skill's domain but need a different skill."))
	}
	return ds
}

// hasNearMiss reports whether some negative query shares a content term
// with the skill's name or description.
func hasNearMiss(qs []TriggerQuery, s *model.Skill) bool {
	vocab := map[string]bool{}
	for _, t := range routeDoc(s) {
		vocab[t] = true
	}
	for _, q := range qs {
		if !q.HasTrigger || q.ShouldTrigger {
			continue
		}
		for _, t := range terms(q.Query) {
			if vocab[t] {
				return true
			}
		}
	}
	return false
}

// lineCol turns a byte offset into a 1-based line and byte column.
func lineCol(src []byte, off int) (int, int) {
	off = min(max(off, 0), len(src))
	line := 1 + bytes.Count(src[:off], []byte("\n"))
	return line, off - (bytes.LastIndexByte(src[:off], '\n') + 1) + 1
}
