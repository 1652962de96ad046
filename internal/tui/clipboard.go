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
	// line (nil: read asks for a PNG at once).
	list []string
	// read returns the arguments that print the clipboard as mime.
	read func(mime string) []string
	// decode turns what read printed into the image's bytes (nil: as
	// printed); outFactor is how much larger than the image the printed
	// form may be.
	decode    func([]byte) ([]byte, error)
	outFactor int
}

// clipSources are the clipboard programs to try on goos, in order, given
// the environment: wl-paste under Wayland, xclip under X11 (both under
// XWayland), pngpaste or osascript on macOS.
func clipSources(goos string, getenv func(string) string) []clipSource {
	switch goos {
	case "darwin":
		return []clipSource{
			{prog: "pngpaste", install: "pngpaste", read: func(string) []string { return []string{"-"} }},
			{prog: "osascript", read: func(string) []string {
				return []string{"-e", "the clipboard as «class PNGf»"}
			}, decode: decodeAppleData, outFactor: 2},
		}
	case "windows", "plan9", "js", "wasip1":
		return nil
	}
	var out []clipSource
	if getenv("WAYLAND_DISPLAY") != "" {
		out = append(out, clipSource{prog: "wl-paste", install: "wl-clipboard", list: []string{"--list-types"},
			read: func(mime string) []string { return []string{"--type", mime} }})
	}
	if getenv("DISPLAY") != "" {
		out = append(out, clipSource{prog: "xclip", install: "xclip",
			list: []string{"-selection", "clipboard", "-t", "TARGETS", "-o"},
			read: func(mime string) []string { return []string{"-selection", "clipboard", "-t", mime, "-o"} }})
	}
	return out
}

// readClipboardImage returns the image in the clipboard, read with the
// first of sources that is installed. ErrNoClipboardTool says none is
// (with what to install), ErrNoClipboardImage that the clipboard holds
// no image.
func readClipboardImage(ctx context.Context, sources []clipSource, lookPath func(string) (string, error)) ([]byte, error) {
	var install []string
	for _, s := range sources {
		path, err := lookPath(s.prog)
		if err != nil {
			install = append(install, s.install)
			continue
		}
		return s.image(ctx, path)
	}
	if len(install) == 0 {
		return nil, ErrNoClipboardTool
	}
	return nil, fmt.Errorf("%w: install %s to paste images", ErrNoClipboardTool, strings.Join(install, " or "))
}

// image reads the clipboard's best image type with the program at path.
func (s clipSource) image(ctx context.Context, path string) ([]byte, error) {
	mime := "image/png"
	if s.list != nil {
		types, err := runClip(ctx, path, s.list, maxClipTypes)
		if err != nil {
			return nil, err
		}
		if mime = bestImageType(string(types)); mime == "" {
			return nil, ErrNoClipboardImage
		}
	}
	data, err := runClip(ctx, path, s.read(mime), read.MaxImageFile*max(s.outFactor, 1)+64)
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
