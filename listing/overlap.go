package listing

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/skillstudio/skillstudio/model"
)

// Pair is two skills of one library and the cosine similarity of their
// descriptions.
type Pair struct {
	A, B       *model.Skill
	Similarity float64
}

// Similarities scores every pair of skills with a description by TF-IDF
// cosine over the library's own descriptions, most similar first.
func Similarities(skills []*model.Skill) []Pair {
	var with []*model.Skill
	for _, s := range skills {
		if strings.TrimSpace(s.Description) != "" {
			with = append(with, s)
		}
	}
	slices.SortStableFunc(with, func(a, b *model.Skill) int { return strings.Compare(a.Location.File, b.Location.File) })
	docs := make([][]string, len(with))
	for i, s := range with {
		docs[i] = terms(s.Description)
	}
	vs := tfidf(docs)
	var out []Pair
	for i := range with {
		for j := i + 1; j < len(with); j++ {
			// One name is one skill to an agent (it keeps one of them), so
			// same-named copies are not look-alikes.
			if len(vs[i]) == 0 || len(vs[j]) == 0 || with[i].Name == with[j].Name {
				continue
			}
			out = append(out, Pair{with[i], with[j], cosine(vs[i], vs[j])})
		}
	}
	slices.SortStableFunc(out, func(a, b Pair) int {
		switch {
		case a.Similarity > b.Similarity:
			return -1
		case a.Similarity < b.Similarity:
			return 1
		}
		return 0
	})
	return out
}

// maxLookalikes caps the description-overlap findings of one skill: a
// library of n copies of one description holds n²/2 pairs.
const maxLookalikes = 5

// CheckOverlap reports each pair of one library at or above threshold,
// once, at the description of the pair's second skill (by file); a skill
// gets its maxLookalikes most similar, the last saying how many more.
func CheckOverlap(skills []*model.Skill, threshold float64) []model.Diagnostic {
	var ds []model.Diagnostic
	pairs, unlisted := similarPairs(skills, threshold, maxLookalikes)
	last := map[*model.Skill]int{}
	for _, p := range pairs {
		file, line, col := descPos(p.B)
		last[p.B] = len(ds)
		ds = append(ds, Rules.New("library/description-overlap", file, line, col,
			fmt.Sprintf("description is a near-duplicate of %s's (%s; TF-IDF cosine %.2f ≥ %.2f): an agent choosing by description cannot tell them apart",
				clean(p.A.Name), p.A.Location.File, p.Similarity, threshold),
			"Say in each description what it is for that the other is not (inputs, outputs, when not to use it), or merge the two skills."))
	}
	for s, n := range unlisted {
		d := &ds[last[s]]
		d.Message += fmt.Sprintf("; %d more skills' descriptions are near-duplicates of this one, not listed one by one", n)
	}
	return ds
}

// GroupBy splits skills into libraries by key, in first-seen order, so
// library rules never compare skills of unrelated repositories.
func GroupBy(skills []*model.Skill, key func(*model.Skill) string) [][]*model.Skill {
	idx := map[string]int{}
	var out [][]*model.Skill
	for _, s := range skills {
		k := key(s)
		i, ok := idx[k]
		if !ok {
			i = len(out)
			idx[k] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], s)
	}
	return out
}

// BySource keys a skill by where it was loaded from (Location.Source and
// Root): one folder, URL or the embedded library is one library.
func BySource(s *model.Skill) string { return s.Location.Source + "\x00" + s.Location.Root }

// AgentFolder is the agent-specific folder a skill lives under, such as
// ".cursor" in ".cursor/skills/x" (a dot-folder holding skills/), or ""
// for none. Repositories ship one
// skill into several agents' folders (.claude, .codex, .cursor, .kiro…);
// an agent loads only its own, so each such folder is its own library.
func AgentFolder(dir string) string {
	segs := strings.Split(dir, "/")
	for i := 0; i+1 < len(segs); i++ {
		if seg := segs[i]; len(seg) > 1 && seg[0] == '.' && seg != ".." && segs[i+1] == "skills" {
			return path.Join(segs[:i+1]...)
		}
	}
	return ""
}

// ByAgentFolder keys a skill by its source and agent folder (BySource
// refined by AgentFolder).
func ByAgentFolder(s *model.Skill) string {
	return BySource(s) + "\x00" + AgentFolder(s.Location.Dir)
}

// ReadsDir says whether the agent reads a skill whose folder is dir: one
// under no agent's folder always (a plugin, a skills/ tree, a folder
// given directly), one under an agent's folder only when that folder is
// one of p.ProjectFolders. Repositories ship the same skills into
// .claude, .codex, .cursor, .gemini…; each agent loads its own copy.
func (p Profile) ReadsDir(dir string) bool {
	f := AgentFolder(dir)
	return f == "" || len(p.ProjectFolders) == 0 || slices.Contains(p.ProjectFolders, path.Base(f))
}

// ReadsSkill says whether the agent reads s: at its folder (ReadsDir),
// or through a symlinked agent folder that leads to it
// (.claude/skills -> ../.agents/skills, model.Location.Aliases).
func (p Profile) ReadsSkill(s *model.Skill) bool {
	if p.ReadsDir(s.Location.Dir) {
		return true
	}
	for _, a := range s.Location.Aliases {
		if AgentFolder(a) != "" && p.ReadsDir(a) {
			return true
		}
	}
	return false
}

// ReadBy splits skills into those the agent reads (ReadsSkill) and those
// it does not, both in the order given.
func ReadBy(p Profile, skills []*model.Skill) (read, other []*model.Skill) {
	for _, s := range skills {
		if p.ReadsSkill(s) {
			read = append(read, s)
		} else {
			other = append(other, s)
		}
	}
	return read, other
}
