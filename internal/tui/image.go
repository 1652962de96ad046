package tui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/provider"
	"corvid/internal/tools/read"
)

// images are the images attached to the input being typed (and to
// prompts queued behind a turn). Each shows as a placeholder,
// "[Image #N]", until its prompt is sent; deleting the placeholder
// drops the image.
type images struct {
	n       int
	entries map[string]*imageEntry // by placeholder
	// reading: a clipboard read (ctrl+v) runs.
	reading bool
	// sendWhenReady is the input enter was pressed on while an image of
	// it was being prepared ("" for none).
	sendWhenReady string
	// prep lets one file's preparation run at a time (slot).
	prep chan struct{}
}

// imageEntry is one attached image; block is nil while it is prepared.
type imageEntry struct {
	block *provider.Block
	// path is the file the image came from ("" for the clipboard): put
	// back in the input if the image cannot be attached, and named to the
	// model with the image.
	path string
}

func imagePlaceholder(n int) string { return "[Image #" + itoa(n) + "]" }

// add numbers a new image and returns its placeholder, first dropping
// the images no text in keep refers to any more.
func (im *images) add(e *imageEntry, keep ...string) string {
	im.prune(keep...)
	im.n++
	if im.entries == nil {
		im.entries = map[string]*imageEntry{}
	}
	ph := imagePlaceholder(im.n)
	im.entries[ph] = e
	return ph
}

// prune drops the images whose placeholder is in none of keep.
func (im *images) prune(keep ...string) {
	for ph := range im.entries {
		found := false
		for _, s := range keep {
			found = found || strings.Contains(s, ph)
		}
		if !found {
			delete(im.entries, ph)
		}
	}
}

// pasteImagePath attaches the images a paste names when its whole text
// is the paths of image files (judged by content; several files dropped
// at once come as several paths); ok is false for any other paste, which
// is then inserted as text. The files are read and prepared in the
// background; their placeholders show at once.
func (m *model) pasteImagePath(text string) (cmd tea.Cmd, ok bool) {
	home, _ := os.UserHomeDir()
	paths := pastedPaths(text, m.o.Cwd, home)
	if len(paths) == 0 {
		return nil, false
	}
	for _, path := range paths {
		size, err := imageFile(path)
		if err != nil {
			return nil, false
		}
		if size > read.MaxImageFile {
			m.notice = fmt.Sprintf("Image not attached: %s is %d MB; images up to %d MB can be attached",
				path, size>>20, read.MaxImageFile>>20)
			return nil, false
		}
	}
	var cmds []tea.Cmd
	for _, path := range paths {
		ph := m.img.add(&imageEntry{path: path}, m.input.Value(), strings.Join(m.queue, "\n"))
		m.input.InsertString(m.spaceBefore() + ph)
		ctx, slot := m.ctx, m.img.slot()
		cmds = append(cmds, func() tea.Msg {
			block, err := prepareImageFile(ctx, slot, path)
			return applyMsg(func(m *model) tea.Cmd { return m.imageReady(ph, block, err) })
		})
	}
	m.afterEdit()
	return tea.Batch(cmds...), true
}

// slot is the token a file's preparation holds: one at a time, as
// decoding and scaling a screenshot takes about a hundred MB for a
// moment.
func (im *images) slot() chan struct{} {
	if im.prep == nil {
		im.prep = make(chan struct{}, 1)
	}
	return im.prep
}

func prepareImageFile(ctx context.Context, slot chan struct{}, path string) (provider.Block, error) {
	select {
	case slot <- struct{}{}:
		defer func() { <-slot }()
	case <-ctx.Done():
		return provider.Block{}, ctx.Err()
	}
	data, err := readImageFile(path, read.MaxImageFile)
	if err != nil {
		return provider.Block{}, err
	}
	return read.PrepareImage(ctx, data)
}

// imageReady records a prepared image; one that failed is dropped, its
// placeholder turned back into the text pasted, and the notice says why.
func (m *model) imageReady(ph string, block provider.Block, err error) tea.Cmd {
	e := m.img.entries[ph]
	if e == nil { // deleted meanwhile
		return nil
	}
	if err == nil {
		e.block = &block
		return m.sendIfWaiting()
	}
	m.img.sendWhenReady = "" // the prompt waits for the user again
	delete(m.img.entries, ph)
	if v := m.input.Value(); strings.Contains(v, ph) {
		m.setInput(strings.Replace(v, ph, e.path, 1))
	}
	m.notice = "Image not attached: " + imageErrText(err)
	return nil
}

// pasteClipboard (ctrl+v) reads an image from the system clipboard in
// the background and attaches it; with no image there, the clipboard's
// text is pasted.
func (m *model) pasteClipboard() tea.Cmd {
	if m.img.reading {
		return nil
	}
	m.img.reading = true
	ctx, sources := m.ctx, clipSources(runtime.GOOS, m.getenv)
	return func() tea.Msg {
		got, err := readClipboard(ctx, sources, exec.LookPath)
		var block provider.Block
		if err == nil && got.image != nil {
			block, err = read.PrepareImage(ctx, got.image)
		}
		return applyMsg(func(m *model) tea.Cmd { return m.clipboardRead(got.text, block, err) })
	}
}

func (m *model) clipboardRead(text string, block provider.Block, err error) tea.Cmd {
	m.img.reading = false
	switch {
	case errors.Is(err, ErrNoClipboardImage):
		m.notice = "No image in the clipboard"
		return nil
	case errors.Is(err, ErrNoClipboardTool):
		m.notice = "No image read: " + strings.TrimPrefix(strings.TrimPrefix(err.Error(), ErrNoClipboardTool.Error()), ": ")
		if err == ErrNoClipboardTool {
			m.notice = noClipboardNotice(runtime.GOOS, m.getenv) // clipnotice.go
		}
		return nil
	case err != nil:
		m.notice = "Image not attached: " + imageErrText(err)
		return nil
	case text != "":
		return m.paste(text)
	}
	ph := m.img.add(&imageEntry{block: &block}, m.input.Value(), strings.Join(m.queue, "\n"))
	m.input.InsertString(ph)
	m.afterEdit()
	return nil
}

func imageErrText(err error) string {
	s := err.Error()
	for _, p := range []string{"tui: ", "read: "} {
		s = strings.TrimPrefix(s, p)
	}
	if errors.Is(err, read.ErrImageTooLarge) {
		s += " (the API takes images up to 5 MB; make a smaller copy and attach that)"
	}
	return s
}

// getenv reads the environment through Options.Getenv when set.
func (m *model) getenv(k string) string {
	if m.o.Getenv != nil {
		return m.o.Getenv(k)
	}
	return os.Getenv(k)
}
