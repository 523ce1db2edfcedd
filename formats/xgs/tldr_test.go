package xgs

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/skillstudio/skillstudio/model"
)

// specTLDR reads the spec's TL;DR skill out of ../shared/specs at test
// time: from `// ==XGooseSkill==` to the `});` after `// …other functions`.
func specTLDR(t testing.TB) string {
	t.Helper()
	raw, err := os.ReadFile(sharedPath(t, "specs", "xgs-skill-authoring.txt"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(raw)
	start := strings.Index(s, "\n// ==XGooseSkill==\n") + 1 // the line, not the prose
	other := strings.Index(s, "// …other functions")
	if start < 1 || other < start {
		t.Fatal("the spec's TL;DR block was not found")
	}
	end := strings.Index(s[other:], "});")
	if end < 0 {
		t.Fatal("the TL;DR block has no closing });")
	}
	return s[start:other+end+len("});")] + "\n"
}

func loadString(t testing.TB, name, src string) *model.Skill {
	t.Helper()
	fsys := fstest.MapFS{name: {Data: []byte(src)}}
	return Load(fsys, name, model.Options{})
}

func TestSpecTLDRHasOneFinding(t *testing.T) {
	src := specTLDR(t)
	s := loadString(t, "discourse-forum.xgs.js", src)
	if len(s.Diagnostics) != 1 || s.Diagnostics[0].Rule != "xgs/output-shape" {
		t.Fatalf("want exactly one xgs/output-shape finding, got:\n%s", diagList(s.Diagnostics))
	}
	d := s.Diagnostics[0]
	if d.Line != 19 || d.Column != 1 {
		t.Errorf("finding at %d:%d, want 19:1 (the searchTopics entry)", d.Line, d.Column)
	}
	if len(s.Functions) != 1 || !s.Functions[0].Primary || s.Functions[0].Name != "searchTopics" {
		t.Fatalf("functions = %+v", s.Functions)
	}
}

func TestSpecTLDRCorrectedHasNoFindings(t *testing.T) {
	src := specTLDR(t)
	// The correction: declare what searchTopics returns.
	src = strings.Replace(src, "examples: [", "output: z.object({ topics: z.array(z.object({ id: z.number(), title: z.string() })) }),\nexamples: [", 1)
	s := loadString(t, "discourse-forum.xgs.js", src)
	if len(s.Diagnostics) != 0 {
		t.Fatalf("want no findings, got:\n%s", diagList(s.Diagnostics))
	}
}

func diagList(ds []model.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.String() + " (" + d.Hint + ")\n")
	}
	return b.String()
}
