package review_test

import (
	"context"
	"os"
	"testing"

	"github.com/skillstudio/skillstudio/formats"
	"github.com/skillstudio/skillstudio/internal/libgen"
	"github.com/skillstudio/skillstudio/model"
	"github.com/skillstudio/skillstudio/review"
)

// BenchmarkReviewGenerated reviews 300 generated skills of the three
// formats, as the studio does in the background for every skill it
// lists (a review per skill, reading its files).
func BenchmarkReviewGenerated(b *testing.B) {
	dir := b.TempDir()
	if err := libgen.Generate(dir, 300); err != nil {
		b.Fatal(err)
	}
	base := model.Location{Source: dir, Root: dir, Local: true, FS: os.DirFS(dir)}
	skills := formats.LoadAll(context.Background(), base, ".", model.Options{}, nil).Skills
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range skills {
			review.Skill(s, nil)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(skills)), "ns/skill")
}
