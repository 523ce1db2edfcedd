package lsp

import (
	"container/heap"
	"path/filepath"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// A workspace pull's previousResultIds may list every file a client ever
// held, and a hostile one a million: the server needs the ids of the open
// documents and of the closed files it will report, at most
// maxClosedReports of them in path order. Building a map of every entry,
// another of every path and a sorted slice of them all, to keep 1,000,
// took about 8 times the message in memory. The entries are streamed
// through a bounded heap instead.

// pick is one closed file a report may be sent for: its path, the URI it
// is answered under and the id the client holds for it ("" when none).
type pick struct {
	path  string
	uri   protocol.DocumentURI
	value string
}

// smallestPaths keeps the n smallest paths offered (a max-heap by path,
// so the largest kept is the one a smaller path evicts), one pick per path.
type smallestPaths struct {
	n     int
	picks []pick
	at    map[string]int // path → index in picks
}

func newSmallestPaths(n int) *smallestPaths {
	return &smallestPaths{n: n, at: make(map[string]int, min(n, 1024))}
}

func (s *smallestPaths) Len() int           { return len(s.picks) }
func (s *smallestPaths) Less(i, j int) bool { return s.picks[i].path > s.picks[j].path }
func (s *smallestPaths) Swap(i, j int) {
	s.picks[i], s.picks[j] = s.picks[j], s.picks[i]
	s.at[s.picks[i].path], s.at[s.picks[j].path] = i, j
}
func (s *smallestPaths) Push(x any) {
	s.at[x.(pick).path] = len(s.picks)
	s.picks = append(s.picks, x.(pick))
}
func (s *smallestPaths) Pop() any {
	last := s.picks[len(s.picks)-1]
	s.picks = s.picks[:len(s.picks)-1]
	delete(s.at, last.path)
	return last
}

// offer keeps p if it is among the n smallest paths so far. A path kept
// already is replaced when replace is set (a later entry for the same
// file wins, as a map would have it), else left as it is.
func (s *smallestPaths) offer(p pick, replace bool) {
	if i, ok := s.at[p.path]; ok {
		if replace {
			s.picks[i] = p
		}
		return
	}
	if s.n <= 0 {
		return
	}
	if len(s.picks) < s.n {
		heap.Push(s, p)
		return
	}
	if p.path >= s.picks[0].path {
		return
	}
	delete(s.at, s.picks[0].path) // the largest kept makes way
	s.picks[0] = p
	s.at[p.path] = 0
	heap.Fix(s, 0)
}

// sorted is the kept picks in path order.
func (s *smallestPaths) sorted() []pick {
	out := slices.Clone(s.picks)
	slices.SortFunc(out, func(a, b pick) int { return strings.Compare(a.path, b.path) })
	return out
}

// keptHeld is the part of a pull's previousResultIds the answer can use:
// the ids of the documents open now, and of the maxClosedReports closed
// files inside a workspace folder that come first in path order. A
// document opened or closed while the pull waits is answered in full,
// which is never wrong, only not "unchanged".
func (s *Server) keptHeld(prev []previousResultID) map[protocol.DocumentURI]string {
	s.mu.Lock()
	open := make(map[protocol.DocumentURI]bool, len(s.docs))
	openPaths := make(map[string]bool, len(s.docs))
	for u, d := range s.docs {
		open[u] = true
		if d.path != "" {
			openPaths[d.path] = true
		}
	}
	folders := slices.Clone(s.folders)
	s.mu.Unlock()
	held := map[protocol.DocumentURI]string{}
	closed := newSmallestPaths(maxClosedReports)
	for _, e := range prev {
		if open[e.URI] {
			held[e.URI] = e.Value
			continue
		}
		p, ok := fileOfFast(uri.URI(e.URI))
		if !ok || openPaths[p] {
			continue
		}
		if f, _ := ownerIn(folders, p); f != nil {
			closed.offer(pick{p, e.URI, e.Value}, true)
		}
	}
	for _, k := range closed.picks {
		held[k.uri] = k.value
	}
	return held
}

// fileOfFast is fileOf without its allocations for the URI editors send
// (file:///a/plain/path): the path is the URI's own text when it holds
// no escape, query, fragment, drive letter or byte url.Parse treats
// specially. Anything else goes to fileOf. FuzzFileOfFast holds the two
// to one answer.
func fileOfFast(u uri.URI) (string, bool) {
	const prefix = "file:///"
	s := string(u)
	if !strings.HasPrefix(s, prefix) || filepath.Separator != '/' {
		return fileOf(u)
	}
	for i := len(prefix); i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || c == '%' || c == '?' || c == '#' || c == '\\' {
			return fileOf(u)
		}
	}
	if p := s[len("file://"):]; len(p) >= 3 && p[2] == ':' {
		return fileOf(u) // /C:/… is Windows' path
	}
	return filepath.Clean(s[len("file://"):]), true
}
