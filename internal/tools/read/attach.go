package read

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"corvid/internal/provider"
)

// MaxImageFile is the largest image file the Read tool loads; the
// interface attaches images up to the same size.
const MaxImageFile = maxImageFile

// Errors of PrepareImage.
var (
	// ErrNotImage: the data is not a PNG, JPEG, GIF or WebP image.
	ErrNotImage = errors.New("not a PNG, JPEG, GIF or WebP image")
	// ErrImageTooLarge: the image cannot be brought within the API's
	// limits (too many pixels to decode, or too large even shrunk).
	ErrImageTooLarge = errors.New("image too large")
)

// ImageMediaType is the media type of the image whose first bytes are
// head (at least the first 512 bytes of the file, or all of it), judged
// by its content, not its name; "" when it is not an image the API
// takes.
func ImageMediaType(head []byte) string {
	media, _, _ := strings.Cut(http.DetectContentType(head), ";")
	switch media {
	case "image/png", "image/jpeg", "image/gif", "image/webp":
		return media
	}
	return ""
}

// PrepareImage turns an image file's content into an image content
// block, as Read sends images: kept as it is when the API takes it,
// else downscaled and re-encoded so that its base64 form stays within
// the API's 5 MB per image. A corrupt image is an error (it would make
// the API refuse every later request of the conversation).
func PrepareImage(ctx context.Context, data []byte) (provider.Block, error) {
	mime := ImageMediaType(data)
	if mime == "" {
		return provider.Block{}, ErrNotImage
	}
	if len(data) > maxImageFile {
		return provider.Block{}, fmt.Errorf("%w: %s, more than %s", ErrImageTooLarge, humanSize(int64(len(data))), humanSize(maxImageFile))
	}
	p, err := preparePicture(ctx, data, mime)
	switch {
	case ctx.Err() != nil:
		return provider.Block{}, ctx.Err()
	case errors.Is(err, errTooManyPixels):
		return provider.Block{}, fmt.Errorf("%w: %d×%d pixels, more than %d megapixels", ErrImageTooLarge,
			p.origWidth, p.origHeight, maxImagePixels/1_000_000)
	case errors.Is(err, errStillTooLarge):
		return provider.Block{}, fmt.Errorf("%w: %v", ErrImageTooLarge, err)
	case err != nil:
		return provider.Block{}, fmt.Errorf("%s could not be decoded: %w", mime, err)
	}
	return provider.Block{Type: provider.BlockImage, Source: &provider.Source{Type: "base64", MediaType: p.mediaType,
		Data: base64.StdEncoding.EncodeToString(p.data)}}, nil
}
