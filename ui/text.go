package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/skillstudio/skillstudio/internal/pathname"
	"github.com/skillstudio/skillstudio/model"
)

// Glyphs the studio draws with. They are single-cell in every terminal we
// tried (no emoji presentation), so columns stay aligned.
const (
	glyphError   = "✗"
	glyphWarning = "⚠"
	glyphInfo    = "ℹ"
	glyphOK      = "✓"
	glyphStar    = "★"
	glyphEllip   = "…"
)

// fit truncates s (which may hold ANSI styles) to width cells and pads it
// with spaces to exactly width: every line the studio draws is fitted, so
// no line is ever wider than its pane.
func fit(s string, width int) string {
	if width <= 0 {
		return ""
	}
	w := ansi.StringWidth(s)
	if w > width {
		// Text cut at the edge says so with "…"; cutting only padding
		// does not.
		if strings.TrimSpace(ansi.TruncateLeft(ansi.Strip(s), width, "")) == "" {
			return ansi.Truncate(s, width, "")
		}
		return ansi.Truncate(s, width, glyphEllip)
	}
	return s + strings.Repeat(" ", width-w)
}

// fitLines fits every line of s to width and the block to height lines.
func fitLines(s string, width, height int) string {
	lines := strings.Split(s, "\n")
	if height >= 0 && len(lines) > height {
		lines = lines[:height]
	}
	for i, l := range lines {
		lines[i] = fit(l, width)
	}
	for len(lines) < height {
		lines = append(lines, strings.Repeat(" ", max(width, 0)))
	}
	return strings.Join(lines, "\n")
}

// pad pads plain text with spaces to width cells (it never truncates).
func pad(s string, width int) string {
	if w := ansi.StringWidth(s); w < width {
		return s + strings.Repeat(" ", width-w)
	}
	return s
}

// spread puts left and right on one line of width cells, right-aligned,
// dropping the right part when both do not fit.
func spread(left, right string, width int) string {
	lw, rw := lipgloss.Width(left), lipgloss.Width(right)
	if lw+1+rw > width {
		return fit(left, width)
	}
	return left + strings.Repeat(" ", width-lw-rw) + right
}

// wrap word-wraps plain or styled text to width, breaking long words.
func wrap(s string, width int) string {
	if width <= 0 {
		return s
	}
	return ansi.Wrap(s, width, "")
}

// indent prefixes every line of s.
func indent(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n")
}

// humanBytes prints a size the way people read it: 812 B, 12.3 kB.
func humanBytes(n int) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d B", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f kB", float64(n)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// plural: "1 skill", "2 skills".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// displayPath shows p relative to workDir when it lies inside it (as lint
// prints paths), else as is.
func displayPath(workDir, p string) string {
	if workDir == "" || !filepath.IsAbs(p) {
		return p
	}
	if r, ok := pathname.Rel(workDir, p); ok {
		return r
	}
	return p
}

// truncateLeft fits s to width by cutting its start, for paths whose end
// (the file name, line and column) is what matters.
func truncateLeft(s string, width int) string {
	w := ansi.StringWidth(s)
	if w <= width || width < 1 {
		return s
	}
	return "…" + ansi.TruncateLeft(s, w-width+1, "")
}

// severityGlyph is a finding's one-cell mark: ✗ error, ⚠ warning, ℹ info.
func severityGlyph(s model.Severity) string {
	switch s {
	case model.SeverityError:
		return glyphError
	case model.SeverityWarning:
		return glyphWarning
	}
	return glyphInfo
}
