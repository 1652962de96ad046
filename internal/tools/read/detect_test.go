package read

import (
	"strings"
	"testing"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		name, path, head string
		kind             kind
		mime             string
	}{
		{"png", "a.bin", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", kindImage, "image/png"},
		{"jpeg", "a", "\xff\xd8\xff\xe0\x00\x10JFIF", kindImage, "image/jpeg"},
		{"gif", "a", "GIF89a\x01\x00", kindImage, "image/gif"},
		{"webp", "a", "RIFF\x24\x00\x00\x00WEBPVP8 ", kindImage, "image/webp"},
		{"pdf", "a.txt", "%PDF-1.7\n%\xe2\xe3", kindPDF, "application/pdf"},
		{"notebook by extension", "n.IPYNB", "{}", kindNotebook, "application/x-ipynb+json"},
		{"elf", "prog", "\x7fELF\x02\x01\x01\x00\x00", kindBinary, "application/octet-stream"},
		{"zip", "a.zip", "PK\x03\x04\x14\x00", kindBinary, "application/zip"},
		{"gzip", "a.gz", "\x1f\x8b\x08\x00", kindBinary, "application/x-gzip"},
		{"utf-8 text", "a.go", "package main // héllo\n", kindText, "text/plain; charset=utf-8"},
		{"latin-1 text", "a.txt", "caf\xe9 cr\xe8me\r\n", kindText, "text/plain; charset=utf-8"},
		{"escape sequences", "log", "\x1b[31mred\x1b[0m\n", kindText, "text/plain; charset=utf-8"},
		{"utf-8 with vertical tab", "a", "a\vb é", kindText, "application/octet-stream"},
		{"html", "a.html", "<!DOCTYPE html><p>x", kindText, "text/html; charset=utf-8"},
		{"control byte past the sniffed part", "a", strings.Repeat("a", 600) + "\x01\xff", kindBinary, "application/octet-stream"},
		{"nul byte", "a.txt", "abc\x00def", kindBinary, "application/octet-stream"},
		{"empty", "a", "", kindText, "text/plain; charset=utf-8"},
	}
	for _, tt := range tests {
		k, mime := classify(tt.path, []byte(tt.head))
		if k != tt.kind || mime != tt.mime {
			t.Errorf("%s: classify = %d, %q; want %d, %q", tt.name, k, mime, tt.kind, tt.mime)
		}
	}
}
