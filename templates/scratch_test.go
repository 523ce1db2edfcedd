package templates

import (
	"path/filepath"
	"testing"

	"github.com/skillstudio/skillstudio/model"
)

func TestScratch(t *testing.T) {
	for _, f := range model.Formats {
		ts, errs := List(f, t.TempDir())
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		for _, tm := range ts {
			dir := t.TempDir()
			v := Values{Name: "web-summary", Description: `Says "hi": \ ünï — c'est ça`, Matches: []string{"*://*.example.com/*"}, Author: "Zoë O'Neil", With: tm.Optional}
			target := filepath.Join(dir, "web-summary")
			if f == model.FormatXGS {
				target = dir
			}
			p, err := Prepare(tm, v, target)
			if err != nil {
				t.Fatal(err)
			}
			if err := p.Write(); err != nil {
				t.Fatal(err)
			}
			lib, bad := lintTree(t, dir)
			for _, s := range lib.Skills { for _, d := range s.Diagnostics { t.Logf("%s/%s: %s", f, tm.Name, d) } }
			t.Logf("%s/%s: %d skills", f, tm.Name, len(lib.Skills))
			for _, d := range bad {
				t.Errorf("%s/%s: %s", f, tm.Name, d)
			}
		}
	}
}
