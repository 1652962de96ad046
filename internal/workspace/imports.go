package workspace

import (
	"os"
	"path/filepath"
	"strings"
)

// trailingPunct is what may end a sentence right after an @path.
const trailingPunct = ".,;:!?)]}'\""

// resolve turns an @import reference into an absolute path: "~/" from
// Home, absolute as given, anything else relative to dir. When the
// reference as written does not exist it retries without trailing
// punctuation; "" means nothing was found.
func (l *loader) resolve(ref, dir string) string {
	for _, r := range []string{ref, strings.TrimRight(ref, trailingPunct)} {
		p := l.importPath(r, dir)
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

func (l *loader) importPath(ref, dir string) string {
	switch {
	case ref == "" || ref == "~":
		return ""
	case strings.HasPrefix(ref, "~/"):
		if l.o.Home == "" {
			return ""
		}
		return filepath.Join(l.o.Home, ref[2:])
	case filepath.IsAbs(ref):
		return filepath.Clean(ref)
	default:
		return filepath.Join(dir, ref)
	}
}
