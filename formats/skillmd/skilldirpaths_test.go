package skillmd

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

func TestSkillDirMentions(t *testing.T) {
	body := "Run `python3 ${CLAUDE_SKILL_DIR}/scripts/graph_all.py /v1.0/me` first.\n" +
		"```bash\nbash \"{baseDir}/scripts/backup.sh\" status\nuv run $CLAUDE_SKILL_DIR/tools/x.py\n```\n" +
		"See {baseDir}/references/guide.md.\n" +
		"Again: ${CLAUDE_SKILL_DIR}/scripts/graph_all.py\n" + // the same path once
		"Templates: {baseDir}/references/api/<Action>.md, ${CLAUDE_SKILL_DIR}/out/$NAME.json, {baseDir}/assets/模板.md\n" +
		"Folders: PLUGIN_DIR=\"${CLAUDE_SKILL_DIR}/../..\" and {baseDir}/scripts/\n" +
		"[linked](${CLAUDE_SKILL_DIR}/references/linked.md)\n"
	links := []Link{{Dest: "${CLAUDE_SKILL_DIR}/references/linked.md"}}
	var got []string
	for _, l := range skillDirMentions(body, links) {
		if !l.Mention || !strings.HasPrefix(body[l.Offset:], l.Dest) {
			t.Errorf("%+v: not a mention at its offset", l)
		}
		got = append(got, l.Dest)
	}
	want := []string{
		"{baseDir}/scripts/backup.sh",
		"{baseDir}/references/guide.md",
		"${CLAUDE_SKILL_DIR}/scripts/graph_all.py",
		"$CLAUDE_SKILL_DIR/tools/x.py",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A command that runs a script the skill does not ship fails when the
// agent runs it; the placeholder says the path is the skill's, code span
// or not.
func TestLoadReportsMissingSkillDirPathInCode(t *testing.T) {
	src := "---\nname: demo-skill\ndescription: Demo. Use when testing.\n---\n" +
		"```bash\npython3 ${CLAUDE_SKILL_DIR}/scripts/run.py\npython3 {baseDir}/scripts/gone.py\n```\n" +
		"Fill in `${CLAUDE_SKILL_DIR}/template.md`.\n"
	s := loadCase(map[string]string{"SKILL.md": src, "scripts/run.py": "print()\n", "template.md": "# T\n"}, "")
	var msgs []string
	for _, d := range findings(s, "skillmd/link") {
		msgs = append(msgs, d.Message)
	}
	if len(msgs) != 1 || !strings.Contains(msgs[0], `"{baseDir}/scripts/gone.py"`) {
		t.Fatalf("skillmd/link findings = %q, want one for {baseDir}/scripts/gone.py", msgs)
	}
}

func FuzzSkillDirMentions(f *testing.F) {
	f.Add("`${CLAUDE_SKILL_DIR}/scripts/a.py` {baseDir}/x.md. $CLAUDE_SKILL_DIR/../b.sh")
	f.Add("{baseDir}/")
	f.Fuzz(func(t *testing.T, body string) {
		for _, l := range skillDirMentions(body, nil) {
			if !strings.HasPrefix(body[l.Offset:], l.Dest) || fileNameEnd(l.Dest) != len(l.Dest) {
				t.Fatalf("%+v is not a whole file path of %q", l, body)
			}
		}
	})
}

// ${CLAUDE_SKILL_DIR}/../../docs/x.md reaches the plugin's own docs; the
// escape check resolved it with the placeholder still in the path, found
// nothing and said the link pointed at nothing, a warning, for a file
// Claude Code installs with the plugin.
func TestSkillDirPlaceholderEscapeResolves(t *testing.T) {
	const dir = "plugins/flow/skills/writer"
	fsys := fstest.MapFS{
		"plugins/flow/.claude-plugin/plugin.json": {Data: []byte(`{"name": "flow"}`)},
		"plugins/flow/docs/amend.md":              {Data: []byte("# Amend\n")},
		dir + "/SKILL.md": {Data: []byte("---\nname: writer\ndescription: Writes. Use when writing.\n---\n" +
			"Follow [amend mode](${CLAUDE_SKILL_DIR}/../../docs/amend.md); see references/more.md.\n")},
		dir + "/references/more.md": {Data: []byte("Also {baseDir}/../../docs/amend.md and [it](${CLAUDE_SKILL_DIR}/../../docs/amend.md).\n")},
	}
	s := Load(fsys, dir, model.Options{})
	got := findings(s, "skillmd/link-escapes")
	if len(got) == 0 {
		t.Fatal("no skillmd/link-escapes finding")
	}
	for _, d := range got {
		if d.Severity != model.SeverityInfo || !strings.Contains(d.Message, `inside the plugin "flow"`) {
			t.Errorf("%s: want an info saying it stays inside the plugin", d)
		}
	}
}
