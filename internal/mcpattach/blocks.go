package mcpattach

import (
	"encoding/base64"
	"unicode/utf8"

	"corvid/internal/provider"
)

// maxImage caps an image's decoded size (the API refuses larger).
const maxImage = 5 << 20

// image is an image block of base64 data when the API can take it: a
// type it knows, valid base64, at most maxImage bytes.
func image(data, mime string) (provider.Block, bool) {
	switch mime {
	case "image/png", "image/jpeg", "image/gif", "image/webp":
	default:
		return provider.Block{}, false
	}
	if data == "" || base64.StdEncoding.DecodedLen(len(data)) > maxImage {
		return provider.Block{}, false
	}
	if _, err := base64.StdEncoding.DecodeString(data); err != nil {
		return provider.Block{}, false
	}
	return provider.Block{Type: provider.BlockImage, Source: &provider.Source{Type: "base64", MediaType: mime, Data: data}}, true
}

// clip cuts s to at most max bytes on a character boundary and reports
// whether it cut.
func clip(s string, max int) (string, bool) {
	if len(s) <= max {
		return s, false
	}
	cut := max
	for i := 0; i < utf8.UTFMax-1 && cut > 0 && !utf8.RuneStart(s[cut]); i++ {
		cut--
	}
	return s[:cut], true
}

func decodedLen(b64 string) int { return base64.StdEncoding.DecodedLen(len(b64)) }
