package ui

import (
	"container/list"
	"fmt"
	"hash/fnv"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/skillstudio/skillstudio/formats/skillmd"
	"github.com/skillstudio/skillstudio/internal/mdrender"
	"github.com/skillstudio/skillstudio/sanitize"
)

// RenderMarkdown renders skill Markdown the way the Read tab and `show`
// do: sanitised first (glamour passes an OSC 52 clipboard write in a
// paragraph straight through, and after rendering a skill's escapes can no
// longer be told from glamour's own), then glamour in a standard style
// ("dark", "light" or "notty") word-wrapped to width cells.
//
// The rendering stays within DefaultRenderBudget (render_budget.go): a
// document too large for it is rendered up to a block boundary and ends
// with a "Shown up to line …" note.
func RenderMarkdown(md string, width int, style string) (string, error) {
	return DefaultRenderBudget.Render(md, width, style)
}

// Render is RenderMarkdown within budget b.
func (b RenderBudget) Render(md string, width int, style string) (string, error) {
	out, cut, err := b.render(sanitize.Display(md), width, style)
	if err != nil {
		return "", err
	}
	if !cut.whole() {
		out += "\n\n  ⋯ " + cut.note()
	}
	return out, nil
}

// render renders md (sanitised already) within b, without the note, and
// says how much of md the output shows: the byte limit and the time limit
// are one cut, counted in md's own lines and bytes.
func (b RenderBudget) render(md string, width int, style string) (string, budgetCut, error) {
	wrap := max(width-glamourMargin, 10)
	r, err := mdrender.New(style, wrap)
	if err != nil {
		return "", budgetCut{}, err
	}
	limited, cut := b.limitMarkdown(md)
	cs := chunks(limited, b.chunk)
	parts, err := renderChunks(cs, r, style, wrap, b.MaxTime)
	if err != nil {
		return "", budgetCut{}, err
	}
	done := 0
	for i := range parts {
		parts[i] = strings.Trim(parts[i], "\n")
		done += len(cs[i])
	}
	if len(parts) < len(cs) {
		// Clamping indentation kept every line, so lines count alike in
		// limited and md.
		cut.shownLines = strings.Count(limited[:done], "\n")
		cut.shownBytes = lineOffset(md, cut.shownLines)
	}
	return strings.Join(parts, "\n\n"), cut, nil
}

// renderChunks renders cs, first with r, on as many goroutines as there
// are cores — each with a renderer of its own, since glamour's keeps state
// while it renders — and returns the rendered prefix of cs: all of it, or
// the chunks done when maxTime ran out (the first one at least). A
// document in one chunk is rendered as before, by r alone; a large one
// (chunks) takes about half the time on two cores.
func renderChunks(cs []string, r *mdrender.Renderer, style string, wrap int, maxTime time.Duration) ([]string, error) {
	outs := make([]string, len(cs))
	errs := make([]error, len(cs))
	rendered := make([]bool, len(cs))
	start := time.Now()
	var next atomic.Int64
	work := func(r *mdrender.Renderer) {
		for {
			i := int(next.Add(1)) - 1
			if i >= len(cs) || i > 0 && maxTime > 0 && time.Since(start) > maxTime {
				return
			}
			outs[i], errs[i] = r.Render(cs[i])
			rendered[i] = true
		}
	}
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(cs)) - 1 {
		wg.Go(func() {
			if r, err := mdrender.New(style, wrap); err == nil {
				work(r)
			}
		})
	}
	work(r)
	wg.Wait()
	n := 0
	for ; n < len(cs) && rendered[n]; n++ {
		if errs[n] != nil {
			return nil, errs[n]
		}
	}
	return outs[:n], nil
}

// lineOffset is where line n+1 of s starts (the offset after its n-th
// newline).
func lineOffset(s string, n int) int {
	at := 0
	for ; n > 0; n-- {
		i := strings.IndexByte(s[at:], '\n')
		if i < 0 {
			return len(s)
		}
		at += i + 1
	}
	return at
}

// glamourMargin is the left and right margin glamour's standard styles
// put around a document; wrapping narrower keeps lines inside the pane.
const glamourMargin = 4

// renderKey names one rendering: which document (a skill's body or one of
// its files), its content, the width and the style.
type renderKey struct {
	doc   string
	hash  uint64
	width int
	style string
}

func newRenderKey(doc, md string, width int, style string) renderKey {
	h := fnv.New64a()
	h.Write([]byte(md))
	return renderKey{doc: doc, hash: h.Sum64(), width: width, style: style}
}

// RenderCache keeps recent renderings (glamour takes tens of milliseconds
// for a long document): an LRU of at most max entries, safe for use from
// commands.
type RenderCache struct {
	mu  sync.Mutex
	max int
	m   map[renderKey]*list.Element
	lru *list.List
}

type cached struct {
	key renderKey
	doc *renderedDoc
}

// renderedDoc is a rendering with its outline, where its headings landed
// and the links it holds.
type renderedDoc struct {
	out      string
	lines    []string        // out split, once, off the update loop
	outline  skillmd.Outline // of the Markdown rendered
	headings []int           // line in out of each of outline's headings
	links    []docLink
	// partial, for a document cut by the render budget, is how much is
	// shown, for the reader's top line (the full note ends the text).
	partial string
}

// NewRenderCache keeps at most max renderings.
func NewRenderCache(max int) *RenderCache {
	return &RenderCache{max: max, m: map[renderKey]*list.Element{}, lru: list.New()}
}

func (c *RenderCache) get(k renderKey) (*renderedDoc, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.m[k]; ok {
		c.lru.MoveToFront(el)
		return el.Value.(*cached).doc, true
	}
	return nil, false
}

func (c *RenderCache) put(k renderKey, d *renderedDoc) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.m[k]; ok {
		el.Value.(*cached).doc = d
		c.lru.MoveToFront(el)
		return
	}
	c.m[k] = c.lru.PushFront(&cached{k, d})
	for c.lru.Len() > c.max {
		old := c.lru.Back()
		c.lru.Remove(old)
		delete(c.m, old.Value.(*cached).key)
	}
}

// renderedMsg brings a rendering back to the loop.
type renderedMsg struct {
	key renderKey
	doc *renderedDoc
	err error
}

// renderDoc renders d and finds its headings and links. It does I/O (a
// stat per link) and takes milliseconds: call it from a command.
func renderDoc(d *readerDoc, k renderKey) (*renderedDoc, error) {
	// The budget is applied here, before the outline, so headings are
	// those of the text rendered.
	full := readerMarkdown(d.markdown)
	md, cut := DefaultRenderBudget.limitMarkdown(full)
	o := skillmd.OutlineOf([]byte(md))
	out, lines, at, timeCut, err := renderWithHeadings(md, o.Headings, k.width, k.style)
	if err != nil {
		return nil, err
	}
	if !timeCut.whole() {
		// One note for both limits, in the whole document's terms (the
		// markers added no lines).
		cut.shownLines = timeCut.shownLines
		cut.shownBytes = lineOffset(full, timeCut.shownLines)
	}
	if !cut.whole() {
		note := strings.Split(indent(wrap("⋯ "+cut.note()+d.readNote, max(k.width-4, 20)), "  "), "\n")
		out += "\n\n" + strings.Join(note, "\n")
		lines = append(append(lines, ""), note...)
	}
	rd := &renderedDoc{out: out, lines: lines, outline: o, headings: at}
	if !cut.whole() {
		rd.partial = fmt.Sprintf("shown: lines 1–%d of %d", cut.shownLines, cut.totalLines)
	}
	rd.links = docLinks(o, d, func(anchor string) bool {
		_, ok := rd.headingIndex(d, headingRef{slug: anchor})
		return ok
	})
	return rd, nil
}

// renderCmd renders off the update loop and fills the cache.
func renderCmd(c *RenderCache, d *readerDoc, k renderKey) tea.Cmd {
	return func() tea.Msg {
		rd, err := renderDoc(d, k)
		if err == nil {
			c.put(k, rd)
		}
		return renderedMsg{key: k, doc: rd, err: err}
	}
}
