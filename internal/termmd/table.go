package termmd

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
)

func isTable(n ast.Node) bool { _, ok := n.(*east.Table); return ok }

// table lays a GFM table out in aligned columns, header in bold (or
// underlined with dashes without colour). Columns wider than the room
// are cut with an ellipsis, the widest first.
func (r *renderer) table(n ast.Node, width int) []string {
	var rows [][]string
	var aligns []east.Alignment
	header := 0
	for row := n.FirstChild(); row != nil; row = row.NextSibling() {
		var cells []string
		for cell := row.FirstChild(); cell != nil; cell = cell.NextSibling() {
			cells = append(cells, strings.Join(wrap(r.inlines(cell, style{}), 1<<20, r.o.Color), " "))
			if c, ok := cell.(*east.TableCell); ok && len(rows) == 0 {
				aligns = append(aligns, c.Alignment)
			}
		}
		if _, ok := row.(*east.TableHeader); ok {
			header = 1
		}
		rows = append(rows, cells)
	}
	widths := columnWidths(rows, len(aligns), width)
	sep := " | "
	rule, cross := "-", "-|-"
	if r.o.Color {
		sep = paintStyle(style{attrs: faint}, " │ ")
		rule, cross = "─", "─┼─"
	}
	var out []string
	for i, cells := range rows {
		parts := make([]string, len(widths))
		for c, w := range widths {
			cell := ""
			if c < len(cells) {
				cell = cells[c]
			}
			if i < header && r.o.Color {
				cell = paintStyle(style{attrs: bold}, ansi.Strip(cell))
			}
			parts[c] = fit(cell, w, aligns[c])
		}
		out = append(out, strings.Join(parts, sep))
		if i == header-1 {
			dashes := make([]string, len(widths))
			for c, w := range widths {
				dashes[c] = strings.Repeat(rule, w)
			}
			line := strings.Join(dashes, cross)
			if r.o.Color {
				line = paintStyle(style{attrs: faint}, line)
			}
			out = append(out, line)
		}
	}
	return out
}

// columnWidths are the columns' widths, shrunk (widest first) until the
// row fits width with its separators.
func columnWidths(rows [][]string, cols, width int) []int {
	w := make([]int, cols)
	for _, cells := range rows {
		for c := 0; c < cols && c < len(cells); c++ {
			w[c] = max(w[c], ansi.StringWidth(cells[c]))
		}
	}
	room := width - 3*(cols-1)
	for {
		total, widest := 0, 0
		for c := range w {
			total += w[c]
			if w[c] > w[widest] {
				widest = c
			}
		}
		if total <= room || w[widest] <= 3 {
			return w
		}
		w[widest]--
	}
}

// fit pads or cuts a cell to w columns, aligned.
func fit(cell string, w int, a east.Alignment) string {
	cw := ansi.StringWidth(cell)
	if cw > w {
		return ansi.Truncate(cell, w, "…")
	}
	pad := w - cw
	switch a {
	case east.AlignRight:
		return strings.Repeat(" ", pad) + cell
	case east.AlignCenter:
		return strings.Repeat(" ", pad/2) + cell + strings.Repeat(" ", pad-pad/2)
	}
	return cell + strings.Repeat(" ", pad)
}
