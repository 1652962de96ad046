package read

import (
	"bytes"
	"compress/zlib"
	"io"
)

// maxInflate caps the bytes decompressed from object streams while
// counting pages.
const maxInflate = 64 << 20

// countPDFPages estimates a PDF's page count without a PDF library: it
// counts page objects ("/Type /Page") in the file and in its compressed
// object streams. It returns 0 when it finds none (an unusual or
// encrypted file); incremental updates can make it count a page twice.
func countPDFPages(data []byte) int {
	n := countPageObjects(data)
	budget := int64(maxInflate)
	for rest := data; budget > 0; {
		i := bytes.Index(rest, []byte("/ObjStm"))
		if i < 0 {
			break
		}
		rest = rest[i+len("/ObjStm"):]
		body := streamBody(rest)
		if body == nil {
			continue
		}
		zr, err := zlib.NewReader(bytes.NewReader(body))
		if err != nil {
			continue
		}
		out, _ := io.ReadAll(io.LimitReader(zr, budget))
		budget -= int64(len(out))
		n += countPageObjects(out)
	}
	return n
}

// streamBody returns the bytes after the "stream" keyword that follows
// an object's dictionary (nil if the object has no stream).
func streamBody(b []byte) []byte {
	// The keyword follows the dictionary closely; looking further would
	// make a file full of "/ObjStm" strings slow.
	i := bytes.Index(b[:min(len(b), 4096)], []byte("stream"))
	if i < 0 || bytes.Contains(b[:i], []byte("endobj")) {
		return nil
	}
	b = b[i+len("stream"):]
	if len(b) > 0 && b[0] == '\r' {
		b = b[1:]
	}
	if len(b) > 0 && b[0] == '\n' {
		b = b[1:]
	}
	return b
}

// countPageObjects counts "/Type /Page" (not "/Type /Pages") in b.
func countPageObjects(b []byte) int {
	n := 0
	for {
		i := bytes.Index(b, []byte("/Type"))
		if i < 0 {
			return n
		}
		b = bytes.TrimLeft(b[i+len("/Type"):], "\x00\t\n\f\r ")
		if rest, ok := bytes.CutPrefix(b, []byte("/Page")); ok && (len(rest) == 0 || !isNameChar(rest[0])) {
			n++
		}
	}
}

// isNameChar reports whether c can continue a PDF name.
func isNameChar(c byte) bool {
	return c > ' ' && c < 0x7f && bytes.IndexByte([]byte("()<>[]{}/%"), c) < 0
}
