package read

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"image"
	_ "image/png"
	"os"
	"path/filepath"
	"testing"

	"corvid/internal/provider"
)

// The media type comes from the content, whatever the file is called.
func TestImageMediaType(t *testing.T) {
	webp, err := os.ReadFile(filepath.Join("testdata", "image.webp"))
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string][]byte{
		"image/png":  pngOf(t, gradient(3, 3, false)),
		"image/jpeg": jpegOf(t, gradient(3, 3, false)),
		"image/gif":  gifOf(t, gradient(3, 3, false)),
		"image/webp": webp,
		"":           []byte("%PDF-1.4 not an image"),
	}
	for want, data := range cases {
		if got := ImageMediaType(data); got != want {
			t.Errorf("ImageMediaType = %q, want %q", got, want)
		}
	}
	if got := ImageMediaType([]byte("BM\x00\x00")); got != "" {
		t.Errorf("a BMP is %q; the API takes none", got)
	}
}

// PrepareImage sends what the API takes as it is, shrinks the rest to
// its limits, and refuses what it cannot send with typed errors.
func TestPrepareImage(t *testing.T) {
	ctx := context.Background()
	small := pngOf(t, gradient(10, 8, false))
	b, err := PrepareImage(ctx, small)
	if err != nil || b.Type != provider.BlockImage || b.Source.MediaType != "image/png" ||
		b.Source.Data != base64.StdEncoding.EncodeToString(small) {
		t.Fatalf("small PNG: %+v %v", b.Source, err)
	}
	b, err = PrepareImage(ctx, pngOf(t, gradient(3000, 100, false)))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := base64.StdEncoding.DecodeString(b.Source.Data)
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width != maxImageSide || len(b.Source.Data) > 5<<20 {
		t.Errorf("wide PNG sent %d×%d, %d base64 bytes (%v)", cfg.Width, cfg.Height, len(b.Source.Data), err)
	}
	if _, err := PrepareImage(ctx, []byte("hello")); !errors.Is(err, ErrNotImage) {
		t.Errorf("text: %v", err)
	}
	truncated := small[:len(small)/2]
	if _, err := PrepareImage(ctx, truncated); err == nil || errors.Is(err, ErrImageTooLarge) {
		t.Errorf("truncated PNG: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := PrepareImage(cancelled, pngOf(t, gradient(3000, 100, false))); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
