package skillmd

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/skillstudio/skillstudio/model"
)

// typicalSkill is a SKILL.md of the usual shape: the open-standard fields
// plus a few extensions, and a body of about 2 KB with headings, a code
// block and links into references/.
func typicalSkill() fstest.MapFS {
	var body strings.Builder
	body.WriteString("# Demo Skill\n\nUse this skill to review pull requests. See [the checklist](references/checklist.md) and [setup](#setup).\n\n")
	for i := 0; i < 6; i++ {
		body.WriteString("## Step ")
		body.WriteByte(byte('A' + i))
		body.WriteString("\n\nRead the diff carefully, run the tests with `go test ./...`, and note every finding with its file and line. ")
		body.WriteString("Prefer small, focused comments; link to references/checklist.md when a rule applies.\n\n")
	}
	body.WriteString("## Setup\n\n```bash\ngh pr checkout 123\ngo test ./...\n```\n")
	src := "---\nname: demo-skill\ndescription: Reviews pull requests against the team checklist. Use when asked to review a PR.\n" +
		"license: MIT\nallowed-tools: Bash Read Grep\nmetadata:\n  version: \"1.2.0\"\n  author: someone\n  tags: \"review, ci\"\n---\n" + body.String()
	return fstest.MapFS{
		skillDir + "/SKILL.md":                {Data: []byte(src)},
		skillDir + "/references/checklist.md": {Data: []byte("# Checklist\n\n- tests pass\n- docs updated\n")},
		skillDir + "/scripts/review.sh":       {Data: []byte("#!/bin/sh\n")},
	}
}

// BenchmarkLoad: one typical skill read and checked with every rule on.
func BenchmarkLoad(b *testing.B) {
	fsys := typicalSkill()
	CountTokens("warm up the ranks")
	b.ReportAllocs()
	for b.Loop() {
		Load(fsys, skillDir, model.Options{})
	}
}

// BenchmarkLoadParallel: the same on every core, as formats.Stream runs it.
func BenchmarkLoadParallel(b *testing.B) {
	fsys := typicalSkill()
	CountTokens("warm up the ranks")
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			Load(fsys, skillDir, model.Options{})
		}
	})
}

// BenchmarkCountTokens: a 33 KB real SKILL.md (tiktoken-go takes ~10 ms).
func BenchmarkCountTokens(b *testing.B) {
	data, err := os.ReadFile(corpusDir(b) + "/anthropics__skills/skills/skill-creator/SKILL.md")
	if err != nil {
		b.Fatal(err)
	}
	text := string(data)
	CountTokens("warm up")
	b.SetBytes(int64(len(text)))
	for b.Loop() {
		CountTokens(text)
	}
}

// TestRanksLoadTime logs the one-time cost of loading the embedded ranks.
func TestRanksLoadTime(t *testing.T) {
	start := time.Now()
	if _, err := loadRanks(); err != nil {
		t.Fatal(err)
	}
	t.Logf("cl100k_base ranks ready after %v (first use in this process pays it once)", time.Since(start))
}

// BenchmarkLoadCorpus: every SKILL.md folder of the shared corpus, from
// disk, per op (48 skills; long real bodies and their references).
func BenchmarkLoadCorpus(b *testing.B) {
	root := corpusDir(b)
	fsys := os.DirFS(root)
	dirs := corpusDirsForBench(b, root)
	CountTokens("warm up")
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range dirs {
			Load(fsys, d, model.Options{})
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(dirs)), "ns/skill")
}

func corpusDirsForBench(b *testing.B, root string) []string {
	var dirs []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(d.Name(), "SKILL.md") {
			rel, _ := filepath.Rel(root, filepath.Dir(p))
			dirs = append(dirs, filepath.ToSlash(rel))
		}
		return nil
	})
	if len(dirs) == 0 {
		b.Fatal("no corpus skills")
	}
	return dirs
}
