package termmd

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// tableParagraph turns a paragraph whose line i is a delimiter row
// (|:--|--:|) into the lines before the header (kept as a paragraph,
// if any) and a table: the header (line i-1) and the rows after.
type tableParagraph struct{}

func (tableParagraph) Transform(p *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines, src := p.Lines(), reader.Source()
	for i := 1; i < lines.Len(); i++ {
		delim := lines.At(i)
		aligns := delimiterRow(delim.Value(src))
		if aligns == nil {
			continue
		}
		header := tableRow(lines.At(i-1), aligns, true, src, pc)
		if header.ChildCount() != len(aligns) {
			return
		}
		t := east.NewTable()
		t.Alignments = aligns
		t.SetPos(p.Pos())
		t.AppendChild(t, east.NewTableHeader(header))
		for j := i + 1; j < lines.Len(); j++ {
			t.AppendChild(t, tableRow(lines.At(j), aligns, false, src, pc))
		}
		parent := p.Parent()
		parent.InsertAfter(parent, p, t)
		lines.SetSliced(0, i-1)
		if lines.Len() == 0 {
			parent.RemoveChild(parent, p)
			return
		}
		last := lines.At(lines.Len() - 1)
		last.Stop-- // the newline before the header
		lines.Set(lines.Len()-1, last)
		return
	}
}

// delimiterRow reads a delimiter row's alignments; nil if line is not
// one.
func delimiterRow(line []byte) []east.Alignment {
	if w, _ := util.IndentWidth(line, 0); w > 3 {
		return nil
	}
	onlyDashes := true
	for _, b := range line {
		if b != '-' {
			onlyDashes = false
		}
		if !util.IsSpace(b) && b != '-' && b != '|' && b != ':' {
			return nil
		}
	}
	if onlyDashes {
		return nil
	}
	cols := bytes.Split(line, []byte{'|'})
	if util.IsBlank(cols[0]) {
		cols = cols[1:]
	}
	if n := len(cols); n > 0 && util.IsBlank(cols[n-1]) {
		cols = cols[:n-1]
	}
	aligns := make([]east.Alignment, 0, len(cols))
	for _, c := range cols {
		c = bytes.TrimFunc(c, func(r rune) bool { return r < 0x80 && reSpace(byte(r)) })
		left, right := bytes.HasPrefix(c, []byte{':'}), bytes.HasSuffix(c, []byte{':'})
		body := c
		if left {
			body = body[1:]
		}
		if right && len(body) > 0 {
			body = body[:len(body)-1]
		}
		if len(body) == 0 || len(bytes.Trim(body, "-")) != 0 {
			return nil
		}
		switch {
		case left && right:
			aligns = append(aligns, east.AlignCenter)
		case left:
			aligns = append(aligns, east.AlignLeft)
		case right:
			aligns = append(aligns, east.AlignRight)
		default:
			aligns = append(aligns, east.AlignNone)
		}
	}
	return aligns
}

// tableRow splits a row into cells at the pipes a backslash does not
// escape. A body row's cells beyond the header's are dropped, missing
// ones added empty; the header keeps all of its cells (the caller
// checks their number).
func tableRow(seg text.Segment, aligns []east.Alignment, header bool, src []byte, pc parser.Context) *east.TableRow {
	row := east.NewTableRow(aligns)
	row.SetPos(seg.Start)
	seg = seg.TrimLeftSpace(src)
	seg = seg.TrimRightSpace(src)
	line := seg.Value(src)
	from, to := 0, len(line)
	if to > 0 && line[0] == '|' {
		from++
	}
	if to > from && line[to-1] == '|' {
		to--
	}
	col := 0
	for ; from < to; col++ {
		if col >= len(aligns) && !header {
			return row
		}
		cell := east.NewTableCell()
		cell.SetPos(seg.Start + from)
		if col < len(aligns) {
			cell.Alignment = aligns[col]
		}
		end, escaped := cellEnd(line, from, to)
		if len(escaped) > 0 {
			notePipes(pc, cell, escaped, seg.Start)
		}
		c := text.NewSegment(seg.Start+from, seg.Start+end)
		c = c.TrimLeftSpace(src)
		cell.Lines().Append(c.TrimRightSpace(src))
		row.AppendChild(row, cell)
		from = end + 1
	}
	for ; col < len(aligns); col++ {
		row.AppendChild(row, east.NewTableCell())
	}
	return row
}

// cellEnd finds the pipe that ends the cell starting at from (or to),
// and the offsets of the backslashes of \| that follow a backtick.
func cellEnd(line []byte, from, to int) (int, []int) {
	var escaped []int
	tick := false
	for i := from; i < to; i++ {
		switch {
		case line[i] == '`':
			tick = true
		case line[i] != '|':
		case i == 0 || line[i-1] != '\\':
			return i, escaped
		case tick:
			escaped = append(escaped, i-1)
		}
	}
	return to, escaped
}
