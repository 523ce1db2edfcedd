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
	"github.com/alecthomas/chroma/v2/lexers":   "glamour's ansi code blocks",
	"github.com/alecthomas/chroma/v2/styles":   "glamour's ansi code blocks",
	"github.com/santhosh-tekuri/jsonschema/v6": "metaschema checks of OS Loop and .xgs.js schemas",
	"github.com/microcosm-cc/bluemonday":       "glamour's ansi context (HTML stripper)",
	"github.com/microcosm-cc/bluemonday/css":   "bluemonday",
	"github.com/gorilla/css/scanner":           "bluemonday",
	"golang.org/x/net/html":                    "bluemonday",
	"github.com/yuin/goldmark/extension":       "glamour and skillmd (GFM)",
	"github.com/yuin/goldmark/util":            "glamour and skillmd",
	"github.com/yuin/goldmark/parser":          "glamour and skillmd",
	"charm.land/glamour/v2/internal/autolink":  "glamour",
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
