package read

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"corvid/internal/provider"
)

const (
	// maxOutputChars cuts each cell output's text.
	maxOutputChars = 10_000
	// maxNotebookImages caps the image blocks of one notebook read.
	maxNotebookImages = 5
)

// rendered is a notebook turned into content blocks.
type rendered struct {
	ctx     context.Context
	blocks  []provider.Block
	cells   []NotebookCell
	text    strings.Builder // the pending text block
	textLen int             // all text so far
	images  int
}

func renderNotebook(ctx context.Context, nb nbFile) *rendered {
	r := &rendered{ctx: ctx, cells: []NotebookCell{}}
	lang := nb.Metadata.LanguageInfo.Name
	for i, c := range nb.Cells {
		r.cell(i, c, lang)
	}
	r.flush()
	if len(r.blocks) == 0 {
		r.blocks = append(r.blocks, provider.TextBlock("<system-reminder>Note: this notebook has no cells.</system-reminder>"))
	}
	return r
}

func (r *rendered) cell(i int, c nbCell, lang string) {
	cell := NotebookCell{CellID: c.ID, CellType: c.CellType, Source: string(c.Source)}
	if cell.CellID == "" {
		cell.CellID = fmt.Sprintf("cell-%d", i)
	}
	attrs := fmt.Sprintf("id=%q type=%q", cell.CellID, c.CellType)
	if c.CellType == "code" {
		cell.Language, cell.ExecutionCount = lang, c.ExecutionCount
		if lang != "" {
			attrs += fmt.Sprintf(" language=%q", lang)
		}
		if c.ExecutionCount != nil {
			attrs += fmt.Sprintf(" execution_count=\"%d\"", *c.ExecutionCount)
		}
	}
	r.write("<cell " + attrs + ">\n" + strings.TrimSuffix(cell.Source, "\n") + "\n")
	for _, o := range c.Outputs {
		cell.Outputs = append(cell.Outputs, r.output(o))
	}
	r.write("</cell>\n")
	r.cells = append(r.cells, cell)
}

// output renders one output: its text, then its image if it has one.
func (r *rendered) output(o nbOutput) CellOutput {
	out := CellOutput{OutputType: o.OutputType, Text: cutOutput(outputText(o))}
	attrs := fmt.Sprintf("type=%q", o.OutputType)
	if o.Name != "" {
		attrs += fmt.Sprintf(" name=%q", o.Name)
	}
	r.write("<output " + attrs + ">\n")
	if out.Text != "" {
		r.write(strings.TrimSuffix(out.Text, "\n") + "\n")
	}
	for _, mime := range []string{"image/png", "image/jpeg"} {
		if raw, ok := o.Data[mime]; ok {
			out.Image = mime
			r.image(raw, mime)
			break
		}
	}
	r.write("</output>\n")
	return out
}

func outputText(o nbOutput) string {
	switch o.OutputType {
	case "stream":
		return string(o.Text)
	case "error":
		return stripANSI(o.Ename + ": " + o.Evalue + "\n" + strings.Join(o.Traceback, "\n"))
	}
	var s multiline
	if raw, ok := o.Data["text/plain"]; ok && json.Unmarshal(raw, &s) == nil {
		return string(s)
	}
	return ""
}

// image adds an image output as an image block when it decodes and the
// read has room for it; otherwise a note says why it is missing.
func (r *rendered) image(raw json.RawMessage, mime string) {
	var s multiline
	if json.Unmarshal(raw, &s) != nil || r.images >= maxNotebookImages {
		r.write(fmt.Sprintf("[%s output not shown]\n", mime))
		return
	}
	data, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(string(s)), ""))
	var p picture
	if err == nil {
		p, err = preparePicture(r.ctx, data, http.DetectContentType(data))
	}
	if err != nil {
		r.write(fmt.Sprintf("[%s output not shown: it could not be decoded]\n", mime))
		return
	}
	r.write(fmt.Sprintf("[%s output: the image below]\n", mime))
	r.flush()
	r.images++
	r.blocks = append(r.blocks, provider.Block{Type: provider.BlockImage, Source: &provider.Source{
		Type: "base64", MediaType: p.mediaType, Data: base64.StdEncoding.EncodeToString(p.data)}})
}

func (r *rendered) write(s string) {
	r.text.WriteString(s)
	r.textLen += len(s)
}

func (r *rendered) flush() {
	if r.text.Len() > 0 {
		r.blocks = append(r.blocks, provider.TextBlock(strings.TrimSuffix(r.text.String(), "\n")))
		r.text.Reset()
	}
}

// cutOutput keeps the first maxOutputChars characters of an output.
func cutOutput(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	n := 0
	for i := range s {
		if n == maxOutputChars {
			return s[:i] + fmt.Sprintf("\n… [output cut here: %d more characters not shown]", len([]rune(s[i:])))
		}
		n++
	}
	return s
}

// stripANSI drops terminal colour sequences (ESC [ … letter) from
// tracebacks.
func stripANSI(s string) string {
	if !strings.Contains(s, "\x1b[") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == ';') {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
