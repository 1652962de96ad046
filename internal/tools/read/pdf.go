package read

import (
	"context"
	"encoding/base64"
	"fmt"

	"corvid/internal/provider"
	"corvid/internal/tool"
)

const (
	// maxPDFFile is the largest PDF Read attaches.
	maxPDFFile = 20 << 20
	// maxPDFPagesWhole is how many pages a PDF may have to be read
	// without naming pages.
	maxPDFPagesWhole = 10
)

// PDFOutput is the structured result of a PDF read.
type PDFOutput struct {
	Type string  `json:"type"` // "pdf"
	File PDFFile `json:"file"`
}

// PDFFile is the document as sent. Pages is the estimated page count (0
// when it could not be told).
type PDFFile struct {
	FilePath     string `json:"filePath"`
	Base64       string `json:"base64"`
	OriginalSize int64  `json:"originalSize"`
	Pages        int    `json:"pages,omitempty"`
}

// readPDF attaches the whole document. corvid cannot cut pages out of a
// PDF (no PDF library), so pages only selects which part the model should
// look at, and documents too long to attach whole are refused with a way
// to extract pages instead.
func (t *Tool) readPDF(ctx context.Context, in input, f *file) (*tool.Result, error) {
	if f.size > maxPDFFile {
		return tool.UseError(msgPDFTooBig(in.path, f.size)), nil
	}
	data, err := f.readAll(ctx)
	if err != nil {
		return readFailed(ctx, in.path, err)
	}
	n := countPDFPages(data)
	if res := checkPDFPages(in, n); res != nil {
		return res, nil
	}
	t.record(f, false, 0, 0)
	b64 := base64.StdEncoding.EncodeToString(data)
	blocks := []provider.Block{{Type: provider.BlockDocument,
		Source: &provider.Source{Type: "base64", MediaType: "application/pdf", Data: b64}}}
	if in.pages != nil {
		blocks = append(blocks, provider.TextBlock(msgPDFPagesNote(*in.pages)))
	}
	out := PDFOutput{Type: "pdf", File: PDFFile{FilePath: in.path, Base64: b64, OriginalSize: f.size, Pages: n}}
	return &tool.Result{Content: blocks, Structured: out}, nil
}

// checkPDFPages applies the page rules to a document of n pages (0:
// unknown, which is let through).
func checkPDFPages(in input, n int) *tool.Result {
	switch {
	case n > maxPagesPerCall:
		return tool.UseError(msgPDFTooLong(in.path, n, in.pages))
	case in.pages == nil && n > maxPDFPagesWhole:
		return tool.UseError(msgPDFNeedsPages(in.path, n))
	case in.pages != nil && n > 0 && in.pages.last > n:
		return tool.UseError(msgPDFPagesPastEnd(in.path, n, *in.pages))
	}
	return nil
}

func msgPDFTooBig(path string, size int64) string {
	return fmt.Sprintf("%s is %s; Read attaches PDFs up to %s. Extract the pages or text you need with Bash (for example `pdftotext -f 1 -l 5 %s -`) and read that.",
		path, humanSize(size), humanSize(maxPDFFile), path)
}

func msgPDFNeedsPages(path string, n int) string {
	return fmt.Sprintf("%s has about %d pages; PDFs over %d pages are read a range at a time. Call Read again with pages, for example pages=\"1-%d\".",
		path, n, maxPDFPagesWhole, maxPDFPagesWhole)
}

func msgPDFTooLong(path string, n int, p *pageRange) string {
	want := pageRange{1, 5}
	if p != nil {
		want = *p
	}
	return fmt.Sprintf("%s has about %d pages. corvid's Read cannot cut pages out of a PDF and attaches only documents of at most %d pages. Extract the pages you need with Bash, for example `pdftotext -f %d -l %d -layout %s -` for the text, or `qpdf %s --pages . %s -- /tmp/part.pdf` and then Read /tmp/part.pdf.",
		path, n, maxPagesPerCall, want.first, want.last, path, path, want)
}

func msgPDFPagesPastEnd(path string, n int, p pageRange) string {
	return fmt.Sprintf("%s has only %s; pages %s are out of range.", path, plural(n, "page"), p)
}

func msgPDFPagesNote(p pageRange) string {
	return fmt.Sprintf("<system-reminder>You asked for pages %s. Read cannot cut pages out of a PDF, so the whole document is attached above; look at pages %s.</system-reminder>", p, p)
}
