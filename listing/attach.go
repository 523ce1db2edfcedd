package listing

import (
	"fmt"
	"path"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/skillstudio/skillstudio/model"
)

// DefaultContext is the context window lint assumes when none is
// configured: 200,000 tokens, the window most Claude models ship with and
// the one Claude Code's 8,000-character budget is quoted for.
const DefaultContext = 200_000

// DefaultAgents are the agents lint simulates when none is configured:
// Claude Code, the agent whose budget users most often overflow.
var DefaultAgents = []string{ClaudeCode.ID}

// NoAgents, as the only agent id, turns the listing checks off.
const NoAgents = model.NoAgents

// FieldsRead are the metadata fields the listing reads from
// model.Skill.Fields; a loader that drops views must keep these.
var FieldsRead = []string{"when_to_use", "disable-model-invocation", "user-invocable"}

// AgentsFor resolves configured agent ids (nil: DefaultAgents; "all":
// every profile; "none": no agent) to profiles. An unknown id is an error
// naming the known ones.
func AgentsFor(ids []string) ([]Profile, error) {
	if len(ids) == 0 {
		ids = DefaultAgents
	}
	var out []Profile
	for _, id := range ids {
		switch id {
		case NoAgents:
			continue
		case "all":
			out = append(out, Profiles...)
			continue
		}
		p, ok := ProfileByID(id)
		if !ok {
			return nil, fmt.Errorf("unknown agent %q (want %s, all or none)", id, strings.Join(AgentIDs(), ", "))
		}
		if !slices.ContainsFunc(out, func(q Profile) bool { return q.ID == p.ID }) {
			out = append(out, p)
		}
	}
	return out, nil
}

// AgentIDs lists every profile id.
func AgentIDs() []string {
	ids := make([]string, len(Profiles))
	for i, p := range Profiles {
		ids[i] = p.ID
	}
	return ids
}

// Listed keeps the skills an agent lists: SKILL.md skills. The .xgs.js
// and OS Loop formats are read by their own runtimes, not by the agents
// profiled here.
func Listed(skills []*model.Skill) []*model.Skill {
	var out []*model.Skill
	for _, s := range skills {
		if s.Format == model.FormatSkillMD {
			out = append(out, s)
		}
	}
	return out
}

// Libraries splits skills into the libraries the library rules compare:
// the listed skills of one source that sit side by side in one folder
// (BySkillsFolder). Lint is often run over a tree of many repositories or
// plugins, each its own library; siblings in one skills folder are the
// one grouping every agent loads together (~/.claude/skills/*,
// .codex/skills/*, a plugin's skills/*).
func Libraries(skills []*model.Skill) [][]*model.Skill {
	return GroupBy(Listed(skills), BySkillsFolder)
}

// BySkillsFolder keys a skill by its source and the folder holding its
// skill folder.
func BySkillsFolder(s *model.Skill) string {
	return BySource(s) + "\x00" + path.Dir(s.Location.Dir)
}

// CheckLibraries is the pipeline's listing stage: for each library
// (Libraries) it runs Check with agents and the context window, and for
// each SKILL.md skill CheckEvals, appending every finding to the skill it
// concerns. Unknown agent ids are ignored here; commands validate them
// with AgentsFor first. Libraries are disjoint, so they are checked in
// parallel: this stage runs after every skill is read, and alone it kept
// one core idle at the end of lint.
func CheckLibraries(skills []*model.Skill, agentIDs []string, contextTokens int) {
	agents, _ := AgentsFor(agentIDs)
	if contextTokens <= 0 {
		contextTokens = DefaultContext
	}
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, lib := range Libraries(skills) {
		g.Go(func() error {
			checkLibrary(lib, agents, contextTokens)
			return nil
		})
	}
	_ = g.Wait()
}

// checkLibrary is CheckLibraries for one library: it touches only the
// skills of lib.
func checkLibrary(lib []*model.Skill, agents []Profile, contextTokens int) {
	byFile := make(map[string]*model.Skill, len(lib))
	for _, s := range lib {
		byFile[s.Location.File] = s
	}
	for _, d := range Check(lib, agents, contextTokens) {
		if s := byFile[d.File]; s != nil {
			s.Diagnostics = append(s.Diagnostics, d)
		}
	}
	for _, s := range lib {
		s.Diagnostics = append(s.Diagnostics, CheckEvals(s)...)
	}
}

// evalFiles are the JSON files directly in the skill's evals/ folder,
// from the file list the reader made (no extra directory read).
func evalFiles(s *model.Skill) []string {
	var out []string
	for _, f := range s.Files {
		if rest, ok := strings.CutPrefix(f, "evals/"); ok && !strings.Contains(rest, "/") && path.Ext(rest) == ".json" {
			out = append(out, s.Location.Join(f))
		}
	}
	return out
}
