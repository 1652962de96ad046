package read

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"

	"corvid/internal/provider"
	"corvid/internal/tool"
)

// maxImageFile is the largest image file Read loads.
const maxImageFile = 64 << 20

// ImageOutput is the structured result of an image read.
type ImageOutput struct {
	Type string    `json:"type"` // "image"
	File ImageFile `json:"file"`
}

// ImageFile is the image as sent to the model.
type ImageFile struct {
	Base64       string          `json:"base64"`
	Type         string          `json:"type"` // media type
	OriginalSize int64           `json:"originalSize"`
	Dimensions   ImageDimensions `json:"dimensions"`
}

// ImageDimensions are the image's size on disk and as sent.
type ImageDimensions struct {
	OriginalWidth  int `json:"originalWidth"`
	OriginalHeight int `json:"originalHeight"`
	DisplayWidth   int `json:"displayWidth"`
	DisplayHeight  int `json:"displayHeight"`
}

func (t *Tool) readImage(ctx context.Context, in input, f *file, mime string) (*tool.Result, error) {
	if f.size > maxImageFile {
		return tool.UseError(msgImageFileTooBig(in.path, f.size)), nil
	}
	data, err := f.readAll(ctx)
	if err != nil {
		return readFailed(ctx, in.path, err)
	}
	p, err := preparePicture(ctx, data, mime)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case errors.Is(err, errTooManyPixels):
		return tool.UseError(msgImagePixels(in.path, p.origWidth, p.origHeight)), nil
	case err != nil:
		return tool.UseError(msgImageDecode(in.path, mime, err)), nil
	}
	t.record(f, false, 0, 0)
	b64 := base64.StdEncoding.EncodeToString(p.data)
	block := provider.Block{Type: provider.BlockImage,
		Source: &provider.Source{Type: "base64", MediaType: p.mediaType, Data: b64}}
	out := ImageOutput{Type: "image", File: ImageFile{Base64: b64, Type: p.mediaType, OriginalSize: f.size,
		Dimensions: ImageDimensions{OriginalWidth: p.origWidth, OriginalHeight: p.origHeight,
			DisplayWidth: p.width, DisplayHeight: p.height}}}
	return &tool.Result{Content: []provider.Block{block}, Structured: out}, nil
}

func msgImageFileTooBig(path string, size int64) string {
	return fmt.Sprintf("%s is %s; Read loads images up to %s. Make a smaller copy first (for example with ImageMagick through Bash) and read that.",
		path, humanSize(size), humanSize(maxImageFile))
}

func msgImagePixels(path string, w, h int) string {
	return fmt.Sprintf("%s is %d×%d pixels, more than Read can process (%d megapixels at most). Make a smaller copy first (for example `convert in.png -resize 2000x2000 out.png` through Bash) and read that.",
		path, w, h, maxImagePixels/1_000_000)
}

func msgImageDecode(path, mime string, err error) string {
	return fmt.Sprintf("%s looks like %s but could not be decoded: %v", path, mime, err)
}
