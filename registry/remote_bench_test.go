package registry

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/skillstudio/skillstudio/model"
)

// benchRegistry serves a loopback OS Loop repository of n skills (four
// files each, docs.md on every skill) through the raw-content layout.
func benchRegistry(b *testing.B, n int) (*fakeServer, RemoteOptions) {
	raw := newFakeServer(b)
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("skill-%03d", i)
		base := "/acme/big/HEAD/skills/" + names[i] + "/"
		raw.set(base+"manifest.json", osloopManifest(names[i]))
		raw.set(base+"module.ts", osloopModule)
		raw.set(base+"docs.md", "# "+names[i]+"\n\nDocs.\n")
	}
	raw.setJSON("/acme/big/HEAD/skills/index.json", osloopIndexJSON("skills", names...))
	o := testOpts(b, raw, nil)
	o.GitHubAPI = raw.URL + "/api"
	return raw, o
}

// BenchmarkRemote500 reports, for 500 skills: ms until the index's
// entries are listed (first EventListed), ms until every detail is
// fetched (cold cache), and ms to reopen from a warm cache, offline and
// revalidating with conditional requests.
func BenchmarkRemote500(b *testing.B) {
	_, o := benchRegistry(b, 500)
	b.Run("index-listed", func(b *testing.B) {
		var total time.Duration
		for b.Loop() {
			c := o
			c.NoCache = true
			ctx, cancel := context.WithCancel(context.Background())
			start := time.Now()
			for e := range Stream(ctx, "github:acme/big", c, model.Options{}) {
				if e.Kind == EventListed {
					total += time.Since(start)
					cancel()
				}
			}
			cancel()
		}
		b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms-to-list")
	})
	b.Run("all-details-cold", func(b *testing.B) {
		for b.Loop() {
			c := o
			c.CacheDir = b.TempDir()
			if _, err := Open(context.Background(), "github:acme/big", c); err != nil {
				b.Fatal(err)
			}
		}
	})
	warm := o
	warm.CacheDir = b.TempDir()
	if _, err := Open(context.Background(), "github:acme/big", warm); err != nil {
		b.Fatal(err)
	}
	b.Run("reopen-offline", func(b *testing.B) {
		c := warm
		c.Offline = true
		for b.Loop() {
			if _, err := Open(context.Background(), "github:acme/big", c); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("reopen-revalidate", func(b *testing.B) {
		for b.Loop() {
			if _, err := Open(context.Background(), "github:acme/big", warm); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkMemFSFind is formats.Find over a fetched 500-skill tree.
func BenchmarkMemFSFind(b *testing.B) {
	m := newMemFS()
	for i := range 500 {
		d := fmt.Sprintf("skills/s%03d/", i)
		m.add(d+"manifest.json", []byte(osloopManifest("x")))
		m.add(d+"module.ts", []byte(osloopModule))
	}
	op := Opened{Base: model.Location{FS: m}, Root: "skills"}
	for b.Loop() {
		if n := len(candidates(op)); n != 500 {
			b.Fatal(n)
		}
	}
}
