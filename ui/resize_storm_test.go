package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// A resize storm over the hostile library: 317 sizes (0×0, 1×1, a line,
// a column, 2000 wide) on each screen, with keys in between. No frame
// may panic, be taller or wider than the window, or hold a foreign
// escape. Before, the "window too small" notice, wrapped into a few
// columns, was up to 80 lines tall in a window of 1 to 10.
func TestResizeStormKeepsEveryFrameInTheWindow(t *testing.T) {
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", "")
	lib := hostileLibrary(t)
	m := studio(t, Options{Sources: []string{lib}}, 80, 24)
	sizes := [][2]int{{0, 0}, {1, 1}, {2, 2}, {1, 40}, {200, 1}, {3, 3}, {0, 24}, {80, 0}, {5, 2}, {2000, 3}, {7, 500}, {60, 16}, {61, 17}, {1000, 16}, {60, 300}, {4000, 120}, {63, 16}}
	for i := 0; i < 300; i++ {
		sizes = append(sizes, [2]int{(i * 37) % 23, (i * 13) % 11})
	}
	check := func(what string) {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("%s: panic %v", what, r)
			}
		}()
		out := content(m)
		lines := strings.Split(out, "\n")
		if m.c.Height > 0 && len(lines) > m.c.Height {
			t.Errorf("%s: %d lines > %d", what, len(lines), m.c.Height)
		}
		for i, l := range lines {
			if w := ansi.StringWidth(l); w > m.c.Width && m.c.Width > 0 {
				t.Errorf("%s: line %d %d wide > %d: %q", what, i, w, m.c.Width, ansi.Strip(l))
				break
			}
		}
		if err := onlyOwnEscapes(out); err != "" {
			t.Errorf("%s: %s", what, err)
		}
	}
	for _, keys := range [][]string{{}, {"enter"}, {"enter", "tab"}, {"?"}, {"n"}, {"a"}, {"/"}} {
		press(t, m, "esc", "esc", "esc")
		press(t, m, keys...)
		for _, sz := range sizes {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("keys %v size %v: panic %v", keys, sz, r)
					}
				}()
				_, cmd := m.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				drain(t, m, cmd)
				for _, k := range []string{"down", "up", "right", "left"} {
					press(t, m, k)
				}
			}()
			check(fmt.Sprintf("keys %v size %v", keys, sz))
		}
	}
}
