package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/skillstudio/skillstudio/internal/lazyre"
)

// TestLazyRegexpsCompile compiles every pattern the program declares
// through internal/lazyre (this test binary links all of them): they
// compile on first use, so a bad one would otherwise panic only when the
// code that uses it runs.
func TestLazyRegexpsCompile(t *testing.T) {
	if err := lazyre.Check(); err != nil {
		t.Fatal(err)
	}
}

// TestNoRegexpCompiledAtInit keeps regexp.MustCompile out of package-level
// variables and init functions: every command, `skillstudio version`
// included, would pay for it at start-up. Use internal/lazyre.
func TestNoRegexpCompiledAtInit(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			switch decl := decl.(type) {
			case *ast.GenDecl:
				if decl.Tok == token.VAR {
					reportCompiles(t, fset, decl)
				}
			case *ast.FuncDecl:
				if decl.Recv == nil && decl.Name.Name == "init" {
					reportCompiles(t, fset, decl.Body)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// reportCompiles fails t for each regexp.MustCompile or regexp.Compile
// under n, except inside a function literal that is not called on the
// spot (sync.OnceValue's runs later).
func reportCompiles(t *testing.T, fset *token.FileSet, n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if lit, ok := n.Fun.(*ast.FuncLit); ok {
				reportCompiles(t, fset, lit.Body)
			}
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "regexp" && strings.Contains(sel.Sel.Name, "Compile") {
					t.Errorf("%s: regexp.%s runs at start-up; use internal/lazyre", fset.Position(n.Pos()), sel.Sel.Name)
				}
			}
		}
		return true
	})
}
