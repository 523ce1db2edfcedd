package registry

import (
	"strings"
	"testing"
)

// The index readers and the archive unpacker take bytes from the
// network: none may panic or hang, and what they accept must be safe.

func FuzzJSONItems(f *testing.F) {
	f.Add([]byte(`[{"name":"a","folderPath":"skills/a"}]`), "")
	f.Add([]byte(`{"$schema":"x","skills":[{"name":"a","type":"skill-md","url":"a/SKILL.md"}]}`), "skills")
	f.Add([]byte("[\n  {\"name\": \"a\",\n    \"folderPath\": skills/a}\n]"), "")
	f.Add([]byte(`{"skills": 5}`), "skills")
	f.Add([]byte(`[1, "two", null, [3]] trailing`), "")
	f.Add([]byte(`{"skills":[{}],"skills":[{}]}`), "skills")
	f.Fuzz(func(t *testing.T, data []byte, key string) {
		items, _, err := jsonItems(data, key)
		if err != nil {
			if ie, ok := err.(*indexError); ok && (ie.line < 0 || ie.column < 0) {
				t.Fatalf("negative position: %v", ie)
			}
			return
		}
		for _, it := range items {
			if it.line < 1 || it.column < 1 || len(it.raw) == 0 {
				t.Fatalf("bad item %+v", it)
			}
		}
	})
}

func FuzzDiscoveryEntry(f *testing.F) {
	f.Add(`{"name":"a","files":["SKILL.md",{"path":"x","digest":"sha256:00"}]}`)
	f.Add(`{"name":"a","type":"archive","url":"../../x","digest":"sha256:zz"}`)
	f.Fuzz(func(t *testing.T, raw string) {
		var de discoveryEntry
		if err := jsonUnmarshal([]byte(raw), &de); err != nil {
			return
		}
		for _, file := range de.Files {
			if p, ok := cleanRelPath(file.Path); ok && (strings.HasPrefix(p, "/") || strings.HasPrefix(p, "../") || p == "..") {
				t.Fatalf("cleanRelPath accepted %q as %q", file.Path, p)
			}
		}
	})
}

func FuzzUnpackArchive(f *testing.F) {
	f.Add(tarGz(f, []tarMember{{name: "SKILL.md", body: "s"}, {name: "a/b.md", body: "b"}}))
	f.Add(tarGz(f, []tarMember{{name: "../x", body: "s"}}))
	f.Add(zipOf(f, map[string]string{"x/SKILL.md": "s"}))
	f.Add([]byte("PK\x03\x04garbage"))
	f.Fuzz(func(t *testing.T, data []byte) {
		files, err := unpackArchive(data, archiveLimits{files: 50, bytes: 1 << 20})
		if err != nil {
			return
		}
		total := 0
		for p, b := range files {
			if c, ok := cleanRelPath(p); !ok || c != p {
				t.Fatalf("unsafe member path %q accepted", p)
			}
			total += len(b)
		}
		if len(files) > 50 || total > 1<<20 {
			t.Fatalf("limits exceeded: %d files, %d bytes", len(files), total)
		}
	})
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"github:a/b@c//d", "https://h/x/index.json", "example.com/x", "github:a/b//../c", "http://[::1]:80/SKILL.md"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		s, err := ParseSpec(spec)
		if err != nil {
			return
		}
		if s.Kind == SpecGitHub {
			for _, seg := range strings.Split(s.Dir, "/") {
				if seg == ".." || seg == "" {
					t.Fatalf("Dir %q of %q escapes or is empty", s.Dir, spec)
				}
			}
			return
		}
		if s.URL == nil || s.URL.Host == "" || s.URL.User != nil {
			t.Fatalf("bad URL for %q: %v", spec, s.URL)
		}
	})
}
