package termmd

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// gfm adds GitHub's tables, strikethrough and task list items to the
// parser, building the same nodes (goldmark/extension/ast) as goldmark's
// own extensions do. Those live in goldmark/extension, whose package
// initialiser compiles its autolink expressions (URLs with {1,256}
// repetitions): some 230 page faults, about 2 ms, before the interface's
// first frame, for a feature termmd does not use. gfm_test.go checks
// the trees against goldmark/extension's.
type gfm struct{}

func (gfm) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(
		parser.WithParagraphTransformers(util.Prioritized(tableParagraph{}, 200)),
		parser.WithASTTransformers(util.Prioritized(codePipes{}, 0)),
		parser.WithInlineParsers(util.Prioritized(strikeParser{}, 500), util.Prioritized(taskParser{}, 0)))
}

// strikeParser reads ~text~ and ~~text~~ (not three tildes or more).
type strikeParser struct{}

func (strikeParser) Trigger() []byte { return []byte{'~'} }

func (strikeParser) Parse(_ ast.Node, block text.Reader, pc parser.Context) ast.Node {
	prev := block.PrecendingCharacter()
	if prev == '~' {
		return nil
	}
	line, seg := block.PeekLine()
	d := parser.ScanDelimiter(line, prev, 1, strikeDelims{})
	if d == nil || d.OriginalLength > 2 {
		return nil
	}
	d.Segment = seg.WithStop(seg.Start + d.OriginalLength)
	block.Advance(d.OriginalLength)
	pc.PushDelimiter(d)
	return d
}

func (strikeParser) CloseBlock(ast.Node, parser.Context) {}

// strikeDelims pairs runs of tildes into Strikethrough nodes.
type strikeDelims struct{}

func (strikeDelims) IsDelimiter(b byte) bool { return b == '~' }

func (strikeDelims) CanOpenCloser(o, c *parser.Delimiter) bool { return o.Char == c.Char }

func (strikeDelims) OnMatch(int) ast.Node { return east.NewStrikethrough() }

// taskParser reads the [ ] or [x] that opens a list item's first
// paragraph as a check box.
type taskParser struct{}

func (taskParser) Trigger() []byte { return []byte{'['} }

func (taskParser) Parse(parent ast.Node, block text.Reader, _ parser.Context) ast.Node {
	item, ok := parent.Parent().(*ast.ListItem)
	if !ok || item.FirstChild() != parent || parent.HasChildren() {
		return nil
	}
	line, _ := block.PeekLine()
	if len(line) < 3 || line[2] != ']' || !(reSpace(line[1]) || line[1] == 'x' || line[1] == 'X') {
		return nil
	}
	n := 3
	for n < len(line) && reSpace(line[n]) {
		n++
	}
	block.Advance(n)
	return east.NewTaskCheckBox(line[1] == 'x' || line[1] == 'X')
}

func (taskParser) CloseBlock(ast.Node, parser.Context) {}

// reSpace is a space as a regular expression's \s has it.
func reSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r' }
