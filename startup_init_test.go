package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// heavyInits are the packages allowed to allocate more than
// heavyInitBytes in their init, each with the reason it cannot be avoided
// (ARCHITECTURE.md, "Start-up"). Any other package that does fails
// TestStartupInitBudget: every command, `skillstudio version` included,
// pays for it.
var heavyInits = map[string]string{
	"github.com/alecthomas/chroma/v2/lexers":  "glamour's ansi code blocks",
	"github.com/alecthomas/chroma/v2/styles":  "glamour's ansi code blocks",
	"github.com/microcosm-cc/bluemonday":      "glamour's ansi context (HTML stripper)",
	"github.com/microcosm-cc/bluemonday/css":  "bluemonday",
	"github.com/gorilla/css/scanner":          "bluemonday",
	"golang.org/x/net/html":                   "bluemonday",
	"github.com/yuin/goldmark/extension":      "glamour and skillmd (GFM)",
	"github.com/yuin/goldmark/util":           "glamour and skillmd",
	"github.com/yuin/goldmark/parser":         "glamour and skillmd",
	"charm.land/glamour/v2/internal/autolink": "glamour",
	// 0.2 MB of regexps compiled at init (about 0.5 ms); kept, because a
	// well-kept semver library beats a hand-written strict parser.
	"github.com/Masterminds/semver/v3": "strict semver for the */version rules",
}

// heavyInitBytes is the most a package's init may allocate unless listed
// in heavyInits; ourInitBytes bounds all of this module's inits together
// (about 83 KB now). Bytes, not time: they do not vary with load.
const (
	heavyInitBytes = 64 << 10
	ourInitBytes   = 160 << 10
)

// TestStartupInitBudget runs `skillstudio version` with
// GODEBUG=inittrace=1 and checks what each package's init allocates, so a
// dependency that builds tables or compiles regexps at init does not slip
// in unnoticed.
func TestStartupInitBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	cmd := exec.Command(buildBinary(t), "version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("version: %v\n%s", err, stderr.String())
	}
	var ours, n int
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		// init PKG @T ms, C ms clock, B bytes, A allocs
		f := strings.Fields(sc.Text())
		if len(f) < 9 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		n++
		pkg := f[1]
		b, err := strconv.Atoi(f[7])
		if err != nil {
			t.Fatalf("inittrace line %q: %v", sc.Text(), err)
		}
		if strings.HasPrefix(pkg, "github.com/skillstudio/skillstudio") {
			ours += b
		}
		if _, ok := heavyInits[pkg]; !ok && b > heavyInitBytes {
			t.Errorf("init of %s allocates %d bytes (over %d): make it lazy or avoid the package", pkg, b, heavyInitBytes)
		}
	}
	if n < 50 {
		t.Fatalf("only %d inittrace lines read; has the format changed?\n%s", n, stderr.String())
	}
	if ours > ourInitBytes {
		t.Errorf("this module's package inits allocate %d bytes (over %d)", ours, ourInitBytes)
	}
}

// TestInitGCRunsFirst checks internal/initgc in the real binary: its init
// runs before any heavy one, no collection starts during init, and the run
// puts back the GOGC setting init found: `rules` allocates enough after
// init to collect once with the default, and never with GOGC=off.
func TestInitGCRunsFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBinary(t)
	trace := func(gogc string) (inits []string, gcBeforeMain, gcAfterMain int) {
		t.Helper()
		cmd := exec.Command(bin, "rules", "--format", "json")
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1,gctrace=1", "GOGC="+gogc)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("rules: %v\n%s", err, stderr.String())
		}
		lines := strings.Split(stderr.String(), "\n")
		last := -1
		for i, l := range lines {
			if f := strings.Fields(l); len(f) > 1 && f[0] == "init" {
				inits = append(inits, f[1])
				last = i
			}
		}
		for i, l := range lines {
			if strings.HasPrefix(l, "gc ") {
				if i < last {
					gcBeforeMain++
				} else {
					gcAfterMain++
				}
			}
		}
		return inits, gcBeforeMain, gcAfterMain
	}

	inits, before, after := trace("100")
	first := -1
	for i, pkg := range inits {
		if pkg == "github.com/skillstudio/skillstudio/internal/initgc" {
			first = i
			break
		}
		if _, heavy := heavyInits[pkg]; heavy {
			t.Fatalf("%s ran its init before internal/initgc", pkg)
		}
	}
	if first < 0 {
		t.Fatalf("internal/initgc's init did not run; main must import it (%d inits traced)", len(inits))
	}
	if before != 0 {
		t.Errorf("%d collections ran during init; want none", before)
	}
	if after == 0 {
		t.Errorf("no collection in `rules` with GOGC=100: was the setting put back?")
	}
	if _, before, after = trace("off"); before+after != 0 {
		t.Errorf("GOGC=off: %d collections; the environment's setting must be the one put back", before+after)
	}
}

// TestShowKeepsInitHeap checks the hand-over from internal/initgc to a
// command that paces the collector itself: `show` of a small skill moves
// from init's "off" straight to its own goal, so the heap init left is
// never collected (it was, once, when main turned Go's default back on
// first), and a GOGC the user set is still the one in force.
func TestShowKeepsInitHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBinary(t)
	collections := func(gogc string) int {
		t.Helper()
		cmd := exec.Command(bin, "show", "--style", "notty", "--width", "80", "release-notes")
		// From an empty folder, so the name is the example library's
		// small skill: show looks the name up among the skills of the
		// working folder first, and from the repository root that is
		// every test fixture, whose lint garbage depends on how many
		// there are, not on when show sets its goal.
		cmd.Dir = t.TempDir()
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "GOGC=") && !strings.HasPrefix(kv, "GODEBUG=") && !strings.HasPrefix(kv, "GOMEMLIMIT=") {
				cmd.Env = append(cmd.Env, kv)
			}
		}
		cmd.Env = append(cmd.Env, "GODEBUG=gctrace=1")
		if gogc != "" {
			cmd.Env = append(cmd.Env, "GOGC="+gogc)
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("show: %v\n%s", err, stderr.String())
		}
		n := 0
		for _, l := range strings.Split(stderr.String(), "\n") {
			if strings.HasPrefix(l, "gc ") {
				n++
			}
		}
		return n
	}
	if n := collections(""); n != 0 {
		t.Errorf("show of a small skill collected %d times; want none (the collector was turned on before show set its goal)", n)
	}
	if n := collections("100"); n == 0 {
		t.Errorf("GOGC=100: show never collected; the user's setting must be put back before init's heap is past its goal")
	}
}
