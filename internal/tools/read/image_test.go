package read

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/provider"
)

// gradient is a w×h test image with some structure (so that JPEG and PNG
// sizes are realistic) and, optionally, transparency.
func gradient(w, h int, alpha bool) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		row := img.Pix[y*img.Stride:]
		for x := range w {
			a := uint8(255)
			if alpha && x < w/2 {
				a = 0
			}
			copy(row[4*x:], []uint8{uint8(x * 255 / w), uint8(y * 255 / h), uint8((x + y) % 256), a})
		}
	}
	return img
}

// noise is incompressible: as PNG it is too big to send, so Read must
// fall back to JPEG.
func noise(w, h int) image.Image {
	rng := rand.New(rand.NewPCG(3, 4))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := 0; i+8 <= len(img.Pix); i += 8 {
		binary.LittleEndian.PutUint64(img.Pix[i:], rng.Uint64()|0xff000000ff000000)
	}
	return img
}

// pngOf encodes img without compression: quick to make, even under the
// race detector, and as valid as any PNG.
func pngOf(t *testing.T, img image.Image) []byte {
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.NoCompression}
	if err := enc.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegOf(t *testing.T, img image.Image) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func gifOf(t *testing.T, img image.Image) []byte {
	var b bytes.Buffer
	if err := gif.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// hugePNG is a valid 1×1 PNG whose header claims w×h pixels.
func hugePNG(t *testing.T, w, h uint32) []byte {
	data := pngOf(t, gradient(1, 1, false))
	ihdr := data[8+8 : 8+8+13] // after the signature, length and type
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	binary.BigEndian.PutUint32(data[8+8+13:], crc32.ChecksumIEEE(data[8+4:8+8+13]))
	return data
}

func TestImages(t *testing.T) {
	// Go has no WebP encoder: testdata/image.webp is golang.org/x/image's
	// testdata/blue-purple-pink.lossy.webp (BSD licence).
	webp, err := os.ReadFile(filepath.Join("testdata", "image.webp"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, file string
		data       []byte
		mediaType  string
		w, h       int
		same       bool // sent as it is
	}{
		{"small_png", "small.png", pngOf(t, gradient(10, 8, false)), "image/png", 10, 8, true},
		{"wide_png", "wide.png", pngOf(t, gradient(4000, 1000, false)), "image/png", 2000, 500, false},
		{"alpha_png", "alpha.png", pngOf(t, gradient(3000, 100, true)), "image/png", 2000, 66, false},
		{"tall_jpeg", "tall.jpg", jpegOf(t, gradient(500, 2500, false)), "image/jpeg", 400, 2000, false},
		{"small_jpeg", "small.jpeg", jpegOf(t, gradient(300, 200, false)), "image/jpeg", 300, 200, true},
		{"small_gif", "small.gif", gifOf(t, gradient(50, 40, false)), "image/gif", 50, 40, true},
		{"wide_gif", "wide.gif", gifOf(t, gradient(2500, 100, false)), "image/png", 2000, 80, false},
		{"webp", "image.webp", webp, "image/png", 150, 100, false},
		{"wrong_extension", "really-png.jpg", pngOf(t, gradient(20, 20, false)), "image/png", 20, 20, true},
		{"noise", "noise.png", pngOf(t, noise(1200, 1200)), "image/jpeg", 0, 0, false},
	}
	f := newFixture(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := f.write(t, c.file, c.data)
			r := f.call(t, `{"file_path":"$DIR/`+c.file+`"}`)
			if r.Result.IsError || len(r.Result.Content) != 1 {
				t.Fatalf("%s: %s", c.name, r.Text())
			}
			b := r.Result.Content[0]
			if b.Type != provider.BlockImage || b.Source.Type != "base64" || b.Source.MediaType != c.mediaType {
				t.Fatalf("block %s %+v", b.Type, b.Source.MediaType)
			}
			data, err := base64.StdEncoding.DecodeString(b.Source.Data)
			if err != nil || len(data) > maxImageBytes {
				t.Fatalf("payload: %d bytes, %v", len(data), err)
			}
			cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
			if err != nil || "image/"+format != c.mediaType {
				t.Fatalf("sent image does not decode as %s: %s %v", c.mediaType, format, err)
			}
			if max(cfg.Width, cfg.Height) > maxImageSide || (c.w > 0 && (cfg.Width != c.w || cfg.Height != c.h)) {
				t.Errorf("sent %d×%d, want %d×%d", cfg.Width, cfg.Height, c.w, c.h)
			}
			if c.same != bytes.Equal(data, c.data) {
				t.Errorf("sent unchanged = %v, want %v", !c.same, c.same)
			}
			out := r.Result.Structured.(ImageOutput)
			d := out.File.Dimensions
			if out.Type != "image" || out.File.Base64 != b.Source.Data || out.File.OriginalSize != int64(len(c.data)) ||
				d.DisplayWidth != cfg.Width || d.DisplayHeight != cfg.Height {
				t.Errorf("structured %+v %+v", out.File.Type, d)
			}
			if _, ok := f.files.Get(path); !ok {
				t.Error("image not recorded as read")
			}
			if c.name == "wide_png" { // pin the JSON shape once
				out.File.Base64 = "BASE64(" + out.File.Type + ")"
				got, _ := json.MarshalIndent(out, "", "  ")
				f.golden(t, "image_structured", string(got))
			}
		})
	}
}

func TestImageErrors(t *testing.T) {
	good := pngOf(t, gradient(10, 10, false))
	cases := []struct {
		name string
		data []byte
	}{
		{"truncated_png", good[:60]},
		{"huge_png", hugePNG(t, 20000, 20000)},
		{"bad_jpeg", append([]byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00"), bytes.Repeat([]byte{0x42}, 200)...)},
	}
	f := newFixture(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f.write(t, c.name+".img", c.data)
			r := f.call(t, `{"file_path":"$DIR/`+c.name+`.img"}`)
			if !r.Result.IsError {
				t.Fatalf("accepted: %+v", r.Result.Content[0].Source.MediaType)
			}
			f.golden(t, "image_"+c.name, r.Text())
		})
	}
}

func TestImageFileTooBig(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 64 MB file")
	}
	f := newFixture(t)
	data := append(pngOf(t, gradient(10, 10, false)), make([]byte, maxImageFile)...)
	f.write(t, "big.png", data)
	r := f.call(t, `{"file_path":"$DIR/big.png"}`)
	if !r.Result.IsError || !strings.Contains(r.Text(), "Read loads images up to 64 MB") {
		t.Fatalf("got %s", r.Text())
	}
	f.golden(t, "image_file_too_big", r.Text())
}
