package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const describeFixture = "../formats/xgs/testdata/hotel-rates.xgs.js"

func TestDescribeJSON(t *testing.T) {
	code, out, errOut := runCLI(t, "describe", "--json", describeFixture)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	var got map[string]map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	fn := got["searchRates"]
	if fn == nil {
		t.Fatalf("no searchRates in %s", out)
	}
	want := map[string]any{
		"summary":    "Nightly rates for a stay at one property.",
		"signature":  "searchRates(args: { property: string; checkin: string; nights: number }): Promise<{ rates: { date: string; price: number }[] }>",
		"invocation": "await xgoose.skills.hotelRates.searchRates({...})",
		"primary":    true,
	}
	for k, v := range want {
		if !reflect.DeepEqual(fn[k], v) {
			t.Errorf("%s = %v, want %v", k, fn[k], v)
		}
	}
	for _, k := range []string{"input", "output", "examples"} {
		if fn[k] == nil {
			t.Errorf("missing %s", k)
		}
	}
}

func TestDescribeText(t *testing.T) {
	code, out, _ := runCLI(t, "describe", describeFixture)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"★ searchRates", "signature:  searchRates(args:", "invocation: await xgoose.skills.hotelRates.searchRates({...})", "primary:    true", `"pattern": "^[A-Z]{5}$"`, `1. {"property":"NYCXX"`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestDescribeExitCodes(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.xgs.js")
	os.WriteFile(broken, []byte("// ==XGooseSkill==\n// @name broken\n// ==/XGooseSkill==\nexport default defineSkill({\n  a: fn({ handler: ( => 1 }),\n});\n"), 0o644)
	notSkill := filepath.Join(dir, "notes.md")
	os.WriteFile(notSkill, []byte("# hi\n"), 0o644)

	code, _, errOut := runCLI(t, "describe", broken)
	if code != 1 || !strings.Contains(errOut, broken+":5:") || !strings.Contains(errOut, "xgs/syntax") {
		t.Errorf("syntax error: exit %d, stderr %q", code, errOut)
	}
	if code, _, _ := runCLI(t, "describe", filepath.Join(dir, "missing.xgs.js")); code != 2 {
		t.Errorf("missing file: exit %d, want 2", code)
	}
	if code, _, _ := runCLI(t, "describe", notSkill); code != 2 {
		t.Errorf("not an .xgs.js: exit %d, want 2", code)
	}
	if code, _, _ := runCLI(t, "describe"); code != 2 {
		t.Errorf("no argument: exit %d, want 2", code)
	}
	binary := filepath.Join(dir, "x.xgs.js")
	os.WriteFile(binary, []byte{0x7f, 'E', 'L', 'F', 0, 0, 1, 2}, 0o644)
	code, out, errOut := runCLI(t, "describe", binary)
	if code != 1 || !strings.Contains(errOut, "binary") || !strings.Contains(errOut, "hint: ") || out != "" {
		t.Errorf("binary file: exit %d, stdout %q (want none), stderr %q", code, out, errOut)
	}
}

// TestDescribeNamesWhatItGot: describe given a SKILL.md folder, its
// SKILL.md or an OS Loop package says which format it is and the command
// that reads it, not only that it is not an .xgs.js skill.
func TestDescribeNamesWhatItGot(t *testing.T) {
	for path, label := range map[string]string{
		filepath.Join("testdata", "realworld", "opencode-flat", "docs-bootstrap"):             "is a skill in the SKILL.md format",
		filepath.Join("testdata", "realworld", "opencode-flat", "docs-bootstrap", "SKILL.md"): "is a skill in the SKILL.md format",
		filepath.Join("testdata", "realworld", "osloop-workspace", "skills", "issue-digest"):  "is a skill in the OS Loop format",
	} {
		code, out, errOut := runCLI(t, "describe", path)
		if code != 2 || out != "" {
			t.Errorf("describe %s: exit %d, stdout %q; want 2 and nothing", path, code, out)
		}
		if !strings.Contains(errOut, label) || !strings.Contains(errOut, "skillstudio show "+path) {
			t.Errorf("describe %s: stderr %q; want %q and the show command", path, errOut, label)
		}
	}
}
