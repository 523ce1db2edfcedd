package mdrender

import (
	"fmt"
	"strings"
	"testing"

	xansi "github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
)

// Code blocks written for these tests: each has a line longer than the
// narrower widths, of a kind that glamour broke badly.
var longCodeCases = map[string]string{
	"pipeline": "```bash\nfind . -name '*.go' -print0 | xargs -0 grep -l 'TODO' | sort | uniq -c | sort -rn | head -20 | awk '{print $2}'\n```\n",
	"url":      "```\ncurl -fsSL https://downloads.example.org/releases/v2.3.4/tool-linux-amd64.tar.gz?mirror=eu-west&checksum=sha256\n```\n",
	"base64":   "```\niVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=\n```\n",
	"cjk":      "```python\n# 这一行注释故意写得很长，用来检查宽字符在代码块里换行时既不被劈开也不超出宽度\nvalue = compute(alpha, beta)  # 计算结果并且返回给调用者以便后续继续处理数据\n```\n",
	"makefile": "```make\nbuild:\n\tgo build -trimpath -ldflags \"-s -w -X main.version=$(VERSION) -X main.commit=$(COMMIT)\" -o bin/tool ./cmd/tool\n```\n",
	"listitem": "1. Install it:\n\n   ```sh\n   npm install --save-dev @example/some-long-package-name another-package yet-another-package\n   ```\n",
	"aligned":  "```markdown\n| Tool            | Placeholder         | Choices                         |\n| --------------- | ------------------- | ------------------------------- |\n```\n",
	"diff":     "```diff\n--- a/config.yaml\n+++ b/config.yaml\n-timeout: 30 # seconds before the request to the upstream service is abandoned\n+timeout: 90 # seconds before the request to the upstream service is abandoned, raised\n```\n",
}

// TestLongCodeLinesGolden: at each width, in a coloured style and in
// notty (go test -run TestLongCodeLinesGolden -update rewrites them).
func TestLongCodeLinesGolden(t *testing.T) {
	goldenRenders(t, longCodeCases, []string{"dark", "notty"}, []int{40, 60, 80, 120})
}

// TestLongCodeLinesFit: in a coloured style every line fits the width and
// each code line comes back whole from its pieces; in notty each code line
// is printed whole, on one line, as written.
func TestLongCodeLinesFit(t *testing.T) {
	for name, md := range longCodeCases {
		code := codeOf(md)
		for _, width := range []int{40, 60, 80, 120} {
			dark, _ := New("dark", width)
			out, err := dark.Render(md)
			if err != nil {
				t.Fatal(err)
			}
			plain := xansi.Strip(out)
			for _, l := range strings.Split(plain, "\n") {
				if w := xansi.StringWidth(l); w > width {
					t.Errorf("%s at %d: a line %d cells wide: %q", name, width, w, l)
				}
			}
			joined := strings.ReplaceAll(plain, "\n", "")
			joined = strings.Join(strings.Fields(strings.ReplaceAll(joined, continuation, " ")), "")
			for _, line := range code {
				if want := strings.Join(strings.Fields(line), ""); !strings.Contains(joined, want) {
					t.Errorf("%s at %d: code line %q not in the output:\n%s", name, width, line, plain)
				}
			}
			notty, _ := New("notty", width)
			out, err = notty.Render(md)
			if err != nil {
				t.Fatal(err)
			}
			whole := map[string]bool{}
			for _, l := range strings.Split(out, "\n") {
				whole[strings.TrimSpace(l)] = true
			}
			for _, line := range code {
				if !whole[strings.TrimSpace(line)] {
					t.Errorf("%s at %d: notty split code line %q:\n%s", name, width, line, out)
				}
			}
			if strings.ContainsAny(out, codeMarkRange) || strings.ContainsAny(plain, codeMarkRange) {
				t.Errorf("%s at %d: a marker left in the output", name, width)
			}
		}
	}
}

// codeOf is the code lines of md's one fenced block, tabs expanded.
func codeOf(md string) []string {
	lines := strings.Split(expandTabs(md), "\n")
	var code []string
	in := false
	for _, l := range lines {
		if strings.Contains(l, "```") {
			in = !in
			continue
		}
		if in {
			code = append(code, strings.TrimLeft(l, " "))
		}
	}
	return code
}

// TestCodeMarkersInSourceAreCleared: a body holding the private-use
// markers renders without them taken for glamour's.
func TestCodeMarkersInSourceAreCleared(t *testing.T) {
	r, _ := New("dark", 60)
	out, err := r.Render("```\na" + codeLineStart + "b" + codeLineEnd + codeChunk + "c\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(out, codeMarkRange) || !strings.Contains(xansi.Strip(out), "a\ufffdb\ufffd\ufffdc") {
		t.Errorf("got %q", out)
	}
}

// goldenRenders renders each case in each style at each width and checks
// it against its golden file (-update rewrites them).
func goldenRenders(t *testing.T, cases map[string]string, styles []string, widths []int) {
	t.Helper()
	for name, md := range cases {
		for _, style := range styles {
			for _, width := range widths {
				r, err := New(style, width)
				if err != nil {
					t.Fatal(err)
				}
				out, err := r.Render(md)
				if err != nil {
					t.Fatal(err)
				}
				t.Run(fmt.Sprintf("%s-%s-%d", name, style, width), func(t *testing.T) {
					golden.RequireEqual(t, []byte(out))
				})
			}
		}
	}
}
