package read

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"strings"
	"testing"

	"corvid/internal/provider"
)

// fakePDF is enough of a PDF for sniffing and page counting: n page
// objects, plain or inside a compressed object stream.
func fakePDF(n int, compressed bool) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.5\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
	fmt.Fprintf(&b, "2 0 obj\n<< /Type /Pages /Count %d >>\nendobj\n", n)
	var pages bytes.Buffer
	for i := range n {
		fmt.Fprintf(&pages, "%d 0 obj\n<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>\nendobj\n", i+3)
	}
	if !compressed {
		b.Write(pages.Bytes())
	} else {
		var z bytes.Buffer
		zw := zlib.NewWriter(&z)
		zw.Write(pages.Bytes())
		zw.Close()
		fmt.Fprintf(&b, "%d 0 obj\n<< /Type /ObjStm /N %d /First 0 /Filter /FlateDecode /Length %d >>\nstream\r\n", n+3, n, z.Len())
		b.Write(z.Bytes())
		b.WriteString("\nendstream\nendobj\n")
	}
	b.WriteString("trailer\n<< /Root 1 0 R >>\n%%EOF\n")
	return b.Bytes()
}

func TestCountPDFPages(t *testing.T) {
	for _, n := range []int{0, 1, 7, 30} {
		for _, z := range []bool{false, true} {
			if got := countPDFPages(fakePDF(n, z)); got != n {
				t.Errorf("%d pages (compressed %v): counted %d", n, z, got)
			}
		}
	}
}

func TestPDF(t *testing.T) {
	f := newFixture(t)
	f.write(t, "three.pdf", fakePDF(3, false))
	f.write(t, "three-z.pdf", fakePDF(3, true))
	f.write(t, "fifteen.pdf", fakePDF(15, true))
	f.write(t, "thirty.pdf", fakePDF(30, false))
	f.write(t, "unknown.pdf", fakePDF(0, false))
	cases := []struct {
		name, input string
		isError     bool
		pages       int
	}{
		{name: "small", input: `{"file_path":"$DIR/three.pdf"}`, pages: 3},
		{name: "small_compressed", input: `{"file_path":"$DIR/three-z.pdf"}`, pages: 3},
		{name: "small_with_pages", input: `{"file_path":"$DIR/three.pdf","pages":"2-3"}`, pages: 3},
		{name: "unknown_count", input: `{"file_path":"$DIR/unknown.pdf"}`},
		{name: "needs_pages", input: `{"file_path":"$DIR/fifteen.pdf"}`, isError: true},
		{name: "medium_with_pages", input: `{"file_path":"$DIR/fifteen.pdf","pages":"11-15"}`, pages: 15},
		{name: "too_long", input: `{"file_path":"$DIR/thirty.pdf"}`, isError: true},
		{name: "too_long_with_pages", input: `{"file_path":"$DIR/thirty.pdf","pages":"4"}`, isError: true},
		{name: "pages_past_end", input: `{"file_path":"$DIR/three.pdf","pages":"2-5"}`, isError: true},
		{name: "pages_zero", input: `{"file_path":"$DIR/three.pdf","pages":"0"}`, isError: true},
		{name: "pages_reversed", input: `{"file_path":"$DIR/three.pdf","pages":"5-3"}`, isError: true},
		{name: "pages_too_many", input: `{"file_path":"$DIR/three.pdf","pages":"1-21"}`, isError: true},
		{name: "pages_words", input: `{"file_path":"$DIR/three.pdf","pages":"first"}`, isError: true},
		{name: "pages_empty", input: `{"file_path":"$DIR/three.pdf","pages":""}`, isError: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := f.call(t, c.input)
			if r.Result.IsError != c.isError {
				t.Fatalf("IsError = %v: %s", r.Result.IsError, r.Text())
			}
			f.golden(t, "pdf_"+c.name, contentText(r.Result))
			if c.isError {
				return
			}
			doc := r.Result.Content[0]
			out := r.Result.Structured.(PDFOutput)
			if doc.Type != provider.BlockDocument || doc.Source.MediaType != "application/pdf" ||
				out.Type != "pdf" || out.File.Base64 != doc.Source.Data || out.File.Pages != c.pages {
				t.Errorf("block %s, structured %s with %d pages", doc.Type, out.Type, out.File.Pages)
			}
		})
	}
}

func TestPDFTooBig(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 20 MB file")
	}
	f := newFixture(t)
	f.write(t, "huge.pdf", append(fakePDF(1, false), make([]byte, maxPDFFile)...))
	r := f.call(t, `{"file_path":"$DIR/huge.pdf"}`)
	if !r.Result.IsError || !strings.Contains(r.Text(), "up to 20 MB") {
		t.Fatalf("got %s", r.Text())
	}
	f.golden(t, "pdf_too_big", r.Text())
}
