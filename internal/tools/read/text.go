package read

import (
	"context"
	"strconv"
	"strings"

	"corvid/internal/tool"
)

// TextOutput is the structured result of a text read.
type TextOutput struct {
	Type string   `json:"type"` // "text"
	File TextFile `json:"file"`
}

// TextFile describes the lines shown. TotalLines is -1 when the file is
// too big to count its lines cheaply.
type TextFile struct {
	FilePath   string `json:"filePath"`
	Content    string `json:"content"`
	NumLines   int    `json:"numLines"`
	StartLine  int    `json:"startLine"`
	TotalLines int    `json:"totalLines"`
}

// page gathers the formatted lines of one read within a byte budget.
type page struct {
	start, n int
	capBytes int
	text     strings.Builder // "N\tline" lines, for the model
	content  strings.Builder // the lines alone, for the structured result
	// endNL is set when the file ends with a newline. Claude Code's
	// structured result counts the empty line after it (a file "a\n"
	// has two lines, and content "a\n"), so output does too.
	endNL bool
}

// add appends l as the next line; it reports false, adding nothing, when
// the line would overflow the budget.
func (p *page) add(l line) bool {
	num := strconv.Itoa(p.start + p.n)
	s := strings.ToValidUTF8(string(l.text), "\uFFFD")
	if l.cut > 0 {
		s += msgLineCut(l.cut)
	}
	if p.text.Len()+len(num)+len(s)+2 > p.capBytes {
		return false
	}
	if p.n > 0 {
		p.text.WriteByte('\n')
		p.content.WriteByte('\n')
	}
	p.text.WriteString(num + "\t" + s)
	p.content.WriteString(s)
	p.n++
	return true
}

func (p *page) output(path string, total int) TextOutput {
	n, content := p.n, p.content.String()
	if p.endNL && total > 0 {
		if n > 0 && p.start+n-1 == total {
			n++
			content += "\n"
		}
		total++
	}
	return TextOutput{Type: "text", File: TextFile{FilePath: path, Content: content,
		NumLines: n, StartLine: p.start, TotalLines: total}}
}

// readText shows a range of lines: the one asked for, or from the top
// as much as fits.
func (t *Tool) readText(ctx context.Context, in input, f *file) (*tool.Result, error) {
	limit := in.limit
	if limit == 0 {
		limit = defaultLines
	}
	p := &page{start: max(in.offset, 1), capBytes: maxTokens() * bytesPerToken}
	if !in.explicit {
		p.capBytes = min(p.capBytes, maxWholeBytes)
	}
	lr := newLineReader(ctx, f, f.size)
	lr.skip(p.start - 1)
	full := false
	for p.n < limit && !full {
		l, ok := lr.next()
		if !ok {
			break
		}
		full = !p.add(l)
	}
	total := -1
	if lr.atEnd() || (f.size <= countLimit && lr.count(countLimit)) {
		total = lr.lines()
		p.endNL = lr.lastNL
	}
	if lr.err != nil {
		return readFailed(ctx, f.path, lr.err)
	}
	return t.textResult(in, f, p, total, full, limit)
}

// textResult turns a finished page into the model's answer.
func (t *Tool) textResult(in input, f *file, p *page, total int, full bool, limit int) (*tool.Result, error) {
	switch {
	case full && (in.explicit || p.n == 0):
		return tool.UseError(msgTooLarge(f.path, p.start, limit, p.capBytes/bytesPerToken, in.explicit)), nil
	case p.n == 0 && total == 0:
		t.record(f, false, 0, 0)
		return withOutput(msgEmpty(f.path), p.output(f.path, 0)), nil
	case p.n == 0:
		t.record(f, true, p.start, 0)
		return withOutput(msgPastEnd(f.path, p.start, total), p.output(f.path, total)), nil
	}
	last := p.start + p.n - 1
	seenAll := p.start == 1 && total == last
	t.record(f, !seenAll, p.start, p.n)
	text := p.text.String()
	if !in.explicit && !seenAll {
		text += "\n\n" + msgPartial(f.path, last, total, full, f.size, p.capBytes/bytesPerToken)
	}
	return withOutput(text, p.output(f.path, total)), nil
}

func withOutput(text string, out any) *tool.Result {
	r := tool.Text(text)
	r.Structured = out
	return r
}

// readFailed reports an I/O error; a cancelled read is the harness's
// business, not the model's.
func readFailed(ctx context.Context, path string, err error) (*tool.Result, error) {
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return tool.ErrorText(msgReadFailed(path, err)), nil
}
