package termmd

import (
	"slices"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// pipeCellsKey holds, while a document is parsed, the table cells with
// a \| after a backtick, and where those backslashes are: inside a code
// span the backslash is not an escape, so codePipes removes it after the
// inline parse.
var pipeCellsKey = parser.NewContextKey()

type pipeCell struct {
	cell *east.TableCell
	at   []int // source offsets of the backslashes
}

// notePipes records cell's escaped pipes (offsets in the row, from base).
func notePipes(pc parser.Context, cell *east.TableCell, escaped []int, base int) {
	at := make([]int, len(escaped))
	for i, e := range escaped {
		at[i] = base + e
	}
	cells, _ := pc.Get(pipeCellsKey).([]pipeCell)
	pc.Set(pipeCellsKey, append(cells, pipeCell{cell: cell, at: at}))
}

// codePipes removes, from the code spans of the cells tableParagraph
// noted, the backslashes of \|.
type codePipes struct{}

func (codePipes) Transform(_ *ast.Document, _ text.Reader, pc parser.Context) {
	cells, _ := pc.Get(pipeCellsKey).([]pipeCell)
	pc.Set(pipeCellsKey, nil)
	var at []int
	for _, c := range cells {
		at = append(at, c.at...)
	}
	slices.Sort(at)
	for _, c := range cells {
		_ = ast.Walk(c.cell, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if entering && n.Kind() == ast.KindCodeSpan {
				dropBackslashes(n, at)
			}
			return ast.WalkContinue, nil
		})
	}
}

// dropBackslashes splits span's text children around the source
// offsets in at (sorted), leaving those bytes out.
func dropBackslashes(span ast.Node, at []int) {
	for c := span.FirstChild(); c != nil; {
		next := c.NextSibling()
		t, ok := c.(*ast.Text)
		if !ok {
			c = next
			continue
		}
		seg, prev := t.Segment, ast.Node(t)
		for _, p := range at {
			if p < seg.Start || p >= seg.Stop {
				continue
			}
			left := ast.NewRawTextSegment(seg.WithStop(p))
			seg = seg.WithStart(p + 1)
			right := ast.NewRawTextSegment(seg)
			span.InsertAfter(span, prev, left)
			span.InsertAfter(span, left, right)
			span.RemoveChild(span, prev)
			prev = right
		}
		c = next
	}
}
