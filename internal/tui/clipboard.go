package tui

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"time"

	"corvid/internal/tools/read"
)

const (
	// clipTimeout bounds one run of a clipboard program.
	clipTimeout = 5 * time.Second
	// maxClipTypes caps what a type listing may print.
	maxClipTypes = 64 << 10
)

// clipImageTypes are the image types asked of the clipboard, best first.
var clipImageTypes = []string{"image/png", "image/jpeg", "image/gif", "image/webp"}

// clipSource is one program that reads the system clipboard.
type clipSource struct {
	// prog is the program; install names its package, for the hint.
	prog, install string
	// list are the arguments that print the clipboard's types, one a
	// line (nil: image asks for a PNG at once).
	list []string
	// image returns the arguments that print the clipboard as the image
	// type mime (nil: the program reads no images).
	image func(mime string) []string
	// decode turns what image printed into the image's bytes (nil: as
	// printed); outFactor is how much larger than the image the printed
	// form may be.
	decode    func([]byte) ([]byte, error)
	outFactor int
	// text are the arguments that print the clipboard's text (nil: the
	// program reads no text).
	text []string
}

// clipSources are the clipboard programs to try on goos, in order, given
// the environment: wl-paste under Wayland, xclip under X11 (both under
// XWayland), pngpaste or osascript (images) and pbpaste (text) on macOS.
func clipSources(goos string, getenv func(string) string) []clipSource {
	switch goos {
	case "darwin":
		return []clipSource{
			{prog: "pngpaste", install: "pngpaste", image: func(string) []string { return []string{"-"} }},
			{prog: "osascript", image: func(string) []string {
				return []string{"-e", "the clipboard as «class PNGf»"}
			}, decode: decodeAppleData, outFactor: 2},
			{prog: "pbpaste", text: []string{}},
		}
	case "windows", "plan9", "js", "wasip1":
		return nil
	}
	var out []clipSource
	if getenv("WAYLAND_DISPLAY") != "" {
		out = append(out, clipSource{prog: "wl-paste", install: "wl-clipboard", list: []string{"--list-types"},
			image: func(mime string) []string { return []string{"--type", mime} },
			text:  []string{"--no-newline"}})
	}
	if getenv("DISPLAY") != "" {
		out = append(out, clipSource{prog: "xclip", install: "xclip",
			list:  []string{"-selection", "clipboard", "-t", "TARGETS", "-o"},
			image: func(mime string) []string { return []string{"-selection", "clipboard", "-t", mime, "-o"} },
			text:  []string{"-selection", "clipboard", "-o"}})
	}
	return out
}

// clipContent is what ctrl+v read: an image, else text.
type clipContent struct {
	image []byte
	text  string
}

// readClipboard returns the image in the clipboard, read with the first
// of sources that is installed and finds one, else the clipboard's
// text. ErrNoClipboardTool says no program is installed (with what to
// install), ErrNoClipboardImage that there is neither image nor text.
func readClipboard(ctx context.Context, sources []clipSource, lookPath func(string) (string, error)) (clipContent, error) {
	var install []string
	var found []clipSource
	for _, s := range sources {
		path, err := lookPath(s.prog)
		if err != nil {
			if s.install != "" {
				install = append(install, s.install)
			}
			continue
		}
		s.prog = path
		found = append(found, s)
		if s.image == nil {
			continue
		}
		data, err := s.readImage(ctx)
		if !errors.Is(err, ErrNoClipboardImage) {
			return clipContent{image: data}, err
		}
	}
	for _, s := range found {
		if s.text != nil {
			out, err := runClip(ctx, s.prog, s.text, maxPaste)
			if err != nil || len(out) == 0 {
				return clipContent{}, ErrNoClipboardImage
			}
			return clipContent{text: string(out)}, nil
		}
	}
	switch {
	case len(found) > 0:
		return clipContent{}, ErrNoClipboardImage
	case len(install) == 0:
		return clipContent{}, ErrNoClipboardTool
	}
	return clipContent{}, fmt.Errorf("%w: install %s to paste images", ErrNoClipboardTool, strings.Join(install, " or "))
}

// readImage reads the clipboard's best image type.
func (s clipSource) readImage(ctx context.Context) ([]byte, error) {
	mime := "image/png"
	if s.list != nil {
		types, err := runClip(ctx, s.prog, s.list, maxClipTypes)
		if err != nil {
			return nil, err
		}
		if mime = bestImageType(string(types)); mime == "" {
			return nil, ErrNoClipboardImage
		}
	}
	data, err := runClip(ctx, s.prog, s.image(mime), read.MaxImageFile*max(s.outFactor, 1)+64)
	if err != nil {
		if errors.Is(err, ErrClipboardTooLarge) || errors.Is(err, ErrClipboardTimeout) || s.list != nil {
			return nil, err
		}
		return nil, ErrNoClipboardImage // pngpaste and osascript fail when there is no image
	}
	if s.decode != nil {
		if data, err = s.decode(data); err != nil {
			return nil, ErrNoClipboardImage
		}
	}
	if read.ImageMediaType(data) == "" {
		return nil, ErrNoClipboardImage
	}
	return data, nil
}

// bestImageType picks the first of clipImageTypes the listing has.
func bestImageType(listing string) string {
	have := strings.Fields(listing)
	for _, t := range clipImageTypes {
		if slices.Contains(have, t) {
			return t
		}
	}
	return ""
}

// runClip runs a clipboard program with no input, in its own process
// group, and returns its output, at most limit bytes.
func runClip(ctx context.Context, path string, args []string, limit int) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, clipTimeout)
	defer cancel()
	c := exec.CommandContext(ctx, path, args...)
	out := &limitBuffer{max: limit}
	var errOut capBuffer
	errOut.max = maxStatusErr
	c.Stdout, c.Stderr = out, &errOut
	inGroup(c)
	c.WaitDelay = time.Second // a child that keeps the pipe open
	err := c.Run()
	endGroup(c)
	switch {
	case out.over:
		return nil, fmt.Errorf("%w (more than %d MB)", ErrClipboardTooLarge, limit>>20)
	case ctx.Err() == context.DeadlineExceeded:
		return nil, fmt.Errorf("%w: %s ran for %s", ErrClipboardTimeout, path, clipTimeout)
	case err != nil:
		return nil, fmt.Errorf("%s: %w: %s", path, err, strings.TrimSpace(errOut.b.String()))
	}
	return out.b.Bytes(), nil
}

// limitBuffer keeps what is written up to max bytes; past it, writing
// fails (the program's pipe closes) and over is set.
type limitBuffer struct {
	b    bytes.Buffer
	max  int
	over bool
}

func (l *limitBuffer) Write(p []byte) (int, error) {
	if l.b.Len()+len(p) > l.max {
		l.over = true
		return 0, ErrClipboardTooLarge
	}
	return l.b.Write(p)
}
