package formats

import (
	"slices"
	"testing"
	"testing/fstest"
)

// TestForeignManifestBesideModule: a TypeScript browser extension or web
// app keeps a module.ts beside its manifest.json as readily as an OS Loop
// package does; taking the folder for a package reported it as missing
// all eighteen required OS Loop fields (40 errors for one extension and
// one PWA in a real-looking monorepo). A manifest that names another
// format's field and none of OS Loop's is not a package; one that names
// an OS Loop field, or no telling field at all (a package being written),
// still is, whether found by the search or named directly.
func TestForeignManifestBesideModule(t *testing.T) {
	fsys := fstest.MapFS{
		"ext/manifest.json":    file(`{"manifest_version": 3, "name": "Tab Sorter", "version": "1.0.0", "permissions": ["tabs"]}`),
		"ext/module.ts":        file("export const sort = 1;\n"),
		"pwa/manifest.json":    file(`{"name": "Notes", "short_name": "notes", "start_url": "/", "display": "standalone"}`),
		"pwa/module.ts":        file("export default {};\n"),
		"mixed/manifest.json":  file(`{"name": "x", "start_url": "/", "schemaVersion": "2.0"}`),
		"mixed/module.ts":      file(moduleTS),
		"stub/manifest.json":   file(`{"name": "half-written"}`),
		"stub/module.ts":       file(moduleTS),
		"osloop/manifest.json": file(manifest),
		"osloop/module.ts":     file(moduleTS),
		"broken/manifest.json": file(`{ not json`),
		"broken/module.ts":     file(moduleTS),
	}
	want := []string{"osloop:broken", "osloop:mixed", "osloop:osloop", "osloop:stub"}
	got := candidates(Find(fsys, "."))
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("Find = %v, want %v", got, want)
	}
	for _, p := range []string{"ext", "ext/manifest.json", "ext/module.ts", "pwa", "pwa/module.ts"} {
		if c, ok := Detect(fsys, p); ok {
			t.Errorf("Detect(%q) = %s:%s, want no skill", p, c.Format, c.Path)
		}
	}
	if c, ok := Detect(fsys, "stub/module.ts"); !ok || c.Path != "stub" {
		t.Errorf("Detect(stub/module.ts) = %v %v, want the stub package", c, ok)
	}
}
