package tui

import (
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// What a pasted image path costs the program's goroutine: parsing the
// paste, a stat and a 512-byte read to judge the content, the
// placeholder (reading and preparing the image run in the background).
func BenchmarkPasteImagePathOnUIGoroutine(b *testing.B) {
	path := writeFile(b, filepath.Join(b.TempDir(), "shot.png"), testPNG(b, 64, 64))
	m := newModel(context.Background(), Options{Cwd: b.TempDir(), ConfigDir: b.TempDir()}, newBridge())
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := m.pasteImagePath(path); !ok {
			b.Fatal("not attached")
		}
		b.StopTimer()
		m.setInput("") // the textarea's reset is not the paste's cost
		b.StartTimer()
	}
}

// The background work for a 2880×1800 screenshot (a Retina screen):
// read, decode, downscale to 2000 px, re-encode within 5 MB.
func BenchmarkPrepareScreenshot(b *testing.B) {
	img := image.NewNRGBA(image.Rect(0, 0, 2880, 1800))
	for i := range img.Pix {
		img.Pix[i] = uint8(i / 4096)
	}
	path := filepath.Join(b.TempDir(), "screen.png")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		b.Fatal(err)
	}
	f.Close()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := prepareImageFile(context.Background(), make(chan struct{}, 1), path); err != nil {
			b.Fatal(err)
		}
	}
}
