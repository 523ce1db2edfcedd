package jsonschema

import (
	"strings"
	"sync"
	"testing"
)

// TestDraftsCompiledOnFirstCompile checks this copy's one change: no
// metaschema is compiled at init, the first Compile compiles them, and
// schemas are still checked against their draft's metaschema, from any
// number of goroutines at once (run with -race).
func TestDraftsCompiledOnFirstCompile(t *testing.T) {
	if Draft7.sch != nil || Draft2020.sch != nil {
		t.Fatal("a draft's metaschema was compiled before any Compile (at init?)")
	}
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			c := NewCompiler()
			schema := map[string]any{"$schema": "http://json-schema.org/draft-07/schema#", "type": "strnig"}
			if i%2 == 0 {
				schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
			}
			if err := c.AddResource("mem://s.json", schema); err != nil {
				errs[i] = err
				return
			}
			_, errs[i] = c.Compile("mem://s.json")
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err == nil || !strings.Contains(err.Error(), "at '/type'") {
			t.Errorf("goroutine %d: compiling a schema with \"type\": \"strnig\" gave %v; want the metaschema's complaint", i, err)
		}
	}
	if Draft7.sch == nil || Draft2020.sch == nil || Draft2020.allVocabs["core"] == nil {
		t.Error("drafts not compiled after Compile")
	}
	c := NewCompiler()
	if err := c.AddResource("mem://ok.json", map[string]any{"type": "string", "minLength": 1.0}); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("mem://ok.json")
	if err != nil {
		t.Fatal(err)
	}
	if sch.Validate("x") != nil || sch.Validate(1.0) == nil {
		t.Error("compiled schema validates wrongly")
	}
}

// BenchmarkCompileDrafts is what the first Compile pays now and what
// every run of the program paid at init before (about 22M instructions,
// 1.7 MB): compiling the five drafts' metaschemas.
func BenchmarkCompileDrafts(b *testing.B) {
	compileDrafts() // the Once done, so the loop is the only writer
	b.ReportAllocs()
	for b.Loop() {
		compileDraftsNow()
	}
}
