package registry

import (
	"net/http"
	"testing"

	"github.com/skillstudio/skillstudio/internal/ruletest"
	"github.com/skillstudio/skillstudio/model"
)

// ruleCase opens a source built by setup and returns its notes.
type ruleCase func(t *testing.T) []model.Diagnostic

// discoveryCase publishes one 0.2.0 entry (with a SKILL.md at ok/SKILL.md)
// and, optionally, more files.
func discoveryCase(entry map[string]any, extra map[string][]byte) ruleCase {
	return func(t *testing.T) []model.Diagnostic {
		s := newFakeServer(t)
		s.set("/.well-known/agent-skills/ok/SKILL.md", skillMD("ok"))
		for p, b := range extra {
			s.setFile(p, fakeFile{body: b})
		}
		s.setJSON("/.well-known/agent-skills/index.json", map[string]any{"skills": []map[string]any{entry}})
		return mustOpen(t, s.URL, testOpts(t, nil, nil)).Notes
	}
}

func goodEntry() map[string]any {
	return map[string]any{"name": "ok", "type": "skill-md", "description": "d", "url": "ok/SKILL.md", "digest": sha(skillMD("ok"))}
}

func with(m map[string]any, k string, v any) map[string]any {
	out := map[string]any{}
	for kk, vv := range m {
		out[kk] = vv
	}
	if v == nil {
		delete(out, k)
	} else {
		out[k] = v
	}
	return out
}

// ruleCases gives every remote rule a failing case (the rule fires) and
// a passing case (the same kind of source, fixed, where it does not).
func ruleCases(t *testing.T) map[string][2]ruleCase {
	t.Helper()
	tgzGood := tarGz(t, []tarMember{{name: "SKILL.md", body: skillMD("ok")}})
	tgzLink := tarGz(t, []tarMember{{name: "SKILL.md", body: skillMD("ok")}, {name: "l", link: "../x"}})
	pass := discoveryCase(goodEntry(), nil)
	return map[string][2]ruleCase{
		"remote/fetch-failed": {
			discoveryCase(with(goodEntry(), "url", "missing/SKILL.md"), nil),
			pass,
		},
		"remote/bad-entry": {
			discoveryCase(with(goodEntry(), "type", "plugin"), nil),
			pass,
		},
		"remote/path-escape": {
			discoveryCase(with(goodEntry(), "url", "https://elsewhere.example/ok/SKILL.md"), nil),
			pass,
		},
		"remote/digest-mismatch": {
			discoveryCase(with(goodEntry(), "digest", sha("not it")), nil),
			pass,
		},
		"remote/archive-rejected": {
			discoveryCase(map[string]any{"name": "ok", "type": "archive", "url": "/a.tar.gz", "digest": sha(string(tgzLink))}, map[string][]byte{"/a.tar.gz": tgzLink}),
			discoveryCase(map[string]any{"name": "ok", "type": "archive", "url": "/a.tar.gz", "digest": sha(string(tgzGood))}, map[string][]byte{"/a.tar.gz": tgzGood}),
		},
		"remote/missing-file": {
			xgooseCase(false),
			xgooseCase(true),
		},
		"remote/duplicate-key": {
			func(t *testing.T) []model.Diagnostic {
				s := newFakeServer(t)
				s.set("/.well-known/agent-skills/ok/SKILL.md", skillMD("ok"))
				s.set("/.well-known/agent-skills/index.json", `{"skills": [], "skills": [{"name": "ok", "type": "skill-md", "description": "d", "url": "ok/SKILL.md", "digest": "`+sha(skillMD("ok"))+`"}]}`)
				return mustOpen(t, s.URL, testOpts(t, nil, nil)).Notes
			},
			pass,
		},
		"remote/unverified": {
			discoveryCase(with(goodEntry(), "digest", nil), nil),
			pass,
		},
		"remote/stale-cache": {
			staleCase(true),
			staleCase(false),
		},
		"remote/truncated": {
			truncatedCase(1),
			truncatedCase(10),
		},
		"remote/name-clash": {
			clashCase("skill.md"),
			clashCase("references/skill.md"),
		},
	}
}

func xgooseCase(published bool) ruleCase {
	return func(t *testing.T) []model.Diagnostic {
		s := newFakeServer(t)
		s.setJSON("/registry.json", map[string]any{"skills": []map[string]any{{"name": "w"}}})
		if published {
			s.set("/w.xgs.js", xgsSource("w"))
		}
		return mustOpen(t, s.URL+"/registry.json", testOpts(t, nil, nil)).Notes
	}
}

func staleCase(serverDown bool) ruleCase {
	return func(t *testing.T) []model.Diagnostic {
		s := newFakeServer(t)
		s.set("/w.xgs.js", xgsSource("w"))
		o := testOpts(t, nil, nil)
		mustOpen(t, s.URL+"/w.xgs.js", o)
		if serverDown {
			s.handle("/w.xgs.js", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "down", http.StatusBadGateway) })
		}
		return mustOpen(t, s.URL+"/w.xgs.js", o).Notes
	}
}

// clashCase lists a SKILL.md folder holding SKILL.md and other.
func clashCase(other string) ruleCase {
	return func(t *testing.T) []model.Diagnostic {
		raw, api := newFakeServer(t), newFakeServer(t)
		serveRepo(raw, api, "a", "r", "HEAD", map[string]string{"skills/x/SKILL.md": skillMD("x"), "skills/x/" + other: "# other\n"})
		return mustOpen(t, "github:a/r", testOpts(t, raw, api)).Notes
	}
}

func truncatedCase(budget int) ruleCase {
	return func(t *testing.T) []model.Diagnostic {
		raw, api := newFakeServer(t), newFakeServer(t)
		serveRepo(raw, api, "a", "r", "HEAD", map[string]string{"skills/x/SKILL.md": skillMD("x")})
		o := testOpts(t, raw, api)
		o.MaxListings = budget
		return mustOpen(t, "github:a/r", o).Notes
	}
}

// TestRemoteRules runs ruleCases through the shared harness. Remote
// findings concern a source, not a line of a file, so none is positioned.
func TestRemoteRules(t *testing.T) {
	var cases []ruletest.Case
	for id, c := range ruleCases(t) {
		cases = append(cases, ruletest.Fails(id, "scenario", c[0]), ruletest.Passes(id, "scenario", c[1]))
	}
	var unpositioned []string
	for _, r := range RemoteRules {
		unpositioned = append(unpositioned, r.ID)
	}
	ruletest.Run(t, RemoteRules, cases, ruletest.Options{Unpositioned: unpositioned})
}
