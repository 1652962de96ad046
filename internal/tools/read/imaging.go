package read

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"

	"golang.org/x/image/draw"
	"golang.org/x/image/webp"
)

const (
	// maxImageSide is the longest side of an image sent to the model.
	maxImageSide = 2000
	// maxImageBytes caps an encoded image: its base64 form stays within
	// the API's 5 MB per image.
	maxImageBytes = 3_932_160
	// maxImagePixels refuses images whose decoding would take too much
	// memory (4 bytes a pixel).
	maxImagePixels = 50_000_000
	jpegQuality    = 85
	// shrinkSteps bounds the attempts at fitting maxImageBytes.
	shrinkSteps = 8
)

// picture is an image ready for the model.
type picture struct {
	data                  []byte
	mediaType             string
	width, height         int
	origWidth, origHeight int
}

var (
	errTooManyPixels = errors.New("too many pixels")
	errStillTooLarge = errors.New("it stays too large even when shrunk")
)

// preparePicture returns data as it is when the API takes it, and
// otherwise downscales and re-encodes it.
func preparePicture(ctx context.Context, data []byte, mime string) (picture, error) {
	cfg, err := decodeConfig(data, mime)
	if err != nil {
		return picture{}, err
	}
	p := picture{origWidth: cfg.Width, origHeight: cfg.Height}
	if cfg.Width*cfg.Height > maxImagePixels {
		return p, errTooManyPixels
	}
	// Decode even an image sent as it is: a corrupt one would make the
	// API refuse every later request of the conversation.
	src, err := decode(data, mime)
	if err != nil {
		return p, err
	}
	if mime != "image/webp" && max(cfg.Width, cfg.Height) <= maxImageSide && len(data) <= maxImageBytes {
		p.data, p.mediaType, p.width, p.height = data, mime, cfg.Width, cfg.Height
		return p, nil
	}
	return shrink(ctx, p, src, mime == "image/jpeg")
}

func decodeConfig(data []byte, mime string) (image.Config, error) {
	r := bytes.NewReader(data)
	switch mime {
	case "image/png":
		return png.DecodeConfig(r)
	case "image/jpeg":
		return jpeg.DecodeConfig(r)
	case "image/gif":
		return gif.DecodeConfig(r)
	case "image/webp":
		return webp.DecodeConfig(r)
	}
	return image.Config{}, fmt.Errorf("unsupported image type %s", mime)
}

func decode(data []byte, mime string) (image.Image, error) {
	r := bytes.NewReader(data)
	switch mime {
	case "image/png":
		return png.Decode(r)
	case "image/jpeg":
		return jpeg.Decode(r)
	case "image/gif":
		return gif.Decode(r) // the first frame
	case "image/webp":
		return webp.Decode(r)
	}
	return nil, fmt.Errorf("unsupported image type %s", mime)
}

// shrink fits src within maxImageSide and maxImageBytes: PNG when it is
// small enough (unless the source was a JPEG), else JPEG, else smaller.
func shrink(ctx context.Context, p picture, src image.Image, jpegFirst bool) (picture, error) {
	w, h := fit(src.Bounds().Dx(), src.Bounds().Dy(), maxImageSide)
	for range shrinkSteps {
		if err := ctx.Err(); err != nil {
			return p, err
		}
		img := scale(src, w, h)
		if !jpegFirst {
			if data, err := encodePNG(img); err == nil && len(data) <= maxImageBytes {
				p.data, p.mediaType, p.width, p.height = data, "image/png", w, h
				return p, nil
			}
		}
		data, err := encodeJPEG(img)
		if err != nil {
			return p, err
		}
		if len(data) <= maxImageBytes {
			p.data, p.mediaType, p.width, p.height = data, "image/jpeg", w, h
			return p, nil
		}
		w, h = max(w*3/4, 1), max(h*3/4, 1)
	}
	return p, errStillTooLarge
}

// fit scales w×h down so that its longer side is at most side.
func fit(w, h, side int) (int, int) {
	if w <= side && h <= side {
		return w, h
	}
	if w >= h {
		return side, max(h*side/w, 1)
	}
	return max(w*side/h, 1), side
}

func scale(src image.Image, w, h int) image.Image {
	b := src.Bounds()
	if b.Dx() == w && b.Dy() == h {
		return src
	}
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
	return dst
}

func encodePNG(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	err := png.Encode(&buf, img)
	return buf.Bytes(), err
}

// encodeJPEG flattens transparency onto white (JPEG has no alpha).
func encodeJPEG(img image.Image) ([]byte, error) {
	if o, ok := img.(interface{ Opaque() bool }); !ok || !o.Opaque() {
		flat := image.NewRGBA(img.Bounds())
		draw.Draw(flat, flat.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
		draw.Draw(flat, flat.Bounds(), img, img.Bounds().Min, draw.Over)
		img = flat
	}
	var buf bytes.Buffer
	err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: jpegQuality})
	return buf.Bytes(), err
}
