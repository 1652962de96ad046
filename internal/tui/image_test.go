package tui

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"corvid/internal/provider"
)

// testPNG is a real small PNG (w×h, a gradient).
func testPNG(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{uint8(x * 25), uint8(y * 25), 200, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// hugePNG is a PNG header that claims w×h pixels (decoding stops there).
func hugePNG(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		body := append([]byte(typ), data...)
		b.Write(body)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(body))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	chunk("IHDR", append(ihdr, 8, 6, 0, 0, 0))
	chunk("IEND", nil)
	return b.Bytes()
}

func writeFile(t testing.TB, path string, data []byte) string {
	t.Helper()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// imageBlocks are the image blocks of the n-th prompt, decoded.
func (h *harness) promptBlocks(n int) []provider.Block {
	h.t.Helper()
	h.prompt(n) // waits for it
	h.conv.mu.Lock()
	defer h.conv.mu.Unlock()
	return h.conv.prompts[n]
}

// A pasted (or dropped) path of an image file attaches the image, in
// each form terminals deliver it; any other paste stays text.
func TestPastedImagePathForms(t *testing.T) {
	dir := t.TempDir()
	pic := testPNG(t, 8, 6)
	spaced := writeFile(t, filepath.Join(dir, "my shot.png"), pic)
	plain := writeFile(t, filepath.Join(dir, "shot.png"), pic)
	renamed := writeFile(t, filepath.Join(dir, "really-an-image.txt"), pic)
	notImage := writeFile(t, filepath.Join(dir, "fake.png"), []byte("just some text, not a picture\n"))
	t.Setenv("HOME", dir)
	cases := []struct {
		name, paste string
		images      int
	}{
		{"plain", plain, 1},
		{"trailing space", plain + " ", 1},
		{"single quoted", "'" + spaced + "'", 1},
		{"double quoted", `"` + spaced + `"`, 1},
		{"escaped spaces", strings.ReplaceAll(spaced, " ", `\ `), 1},
		{"file url", "file://" + strings.ReplaceAll(spaced, " ", "%20"), 1},
		{"localhost url", "file://localhost" + plain, 1},
		{"relative", "shot.png", 1},
		{"home", "~/shot.png", 1},
		{"renamed image", renamed, 1},
		{"two dropped", strings.ReplaceAll(spaced, " ", `\ `) + " '" + plain + "' ", 2},
		{"text named png", notImage, 0},
		{"missing", filepath.Join(dir, "gone.png"), 0},
		{"unescaped space", spaced, 0},
		{"image and text file", plain + " " + notImage, 0},
		{"unclosed quote", "'" + plain, 0},
		{"remote url", "file://example.com" + plain, 0},
		{"two lines", plain + "\n" + plain, 0},
		{"directory", dir, 0},
		{"words", "hello world", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, 160, []turnFunc{answer("ok")}, func(o *Options) { o.Cwd = dir })
			h.tm.Type("look ")
			h.tm.Send(tea.PasteMsg{Content: c.paste})
			want := "> look " + strings.Split(c.paste, "\n")[0]
			if c.images > 0 {
				want = strings.TrimSpace("> look [Image #1] " + map[int]string{2: "[Image #2]"}[c.images])
			}
			h.waitFor("the paste", func(_, v string) bool { return strings.Contains(v, want) })
			h.tm.Type(" please")
			h.key(tea.KeyEnter, 0)
			blocks := h.promptBlocks(0)
			if c.images == 0 {
				if len(blocks) != 1 || blocks[0].Type != provider.BlockText || !strings.Contains(blocks[0].Text, strings.TrimSpace(c.paste)) {
					t.Fatalf("blocks %+v, want the pasted text", blocks)
				}
				return
			}
			// The text as typed, the images, a note of each image's file.
			if len(blocks) != 1+2*c.images || blocks[0].Text != strings.TrimPrefix(want, "> ")+" please" {
				t.Fatalf("blocks %+v, want the text, %d images, %[2]d notes", blocks, c.images)
			}
			for _, b := range blocks[1+c.images:] {
				if !strings.HasPrefix(b.Text, "[Image: source: "+dir+"/") || !strings.HasSuffix(b.Text, "]") {
					t.Errorf("note %q", b.Text)
				}
			}
			for _, b := range blocks[1 : 1+c.images] {
				src := b.Source
				if b.Type != provider.BlockImage || src == nil || src.Type != "base64" || src.MediaType != "image/png" ||
					src.Data != base64.StdEncoding.EncodeToString(pic) {
					t.Fatalf("image block %+v", b)
				}
			}
		})
	}
}

// Images go in the order their placeholders are typed, after the text,
// each once, then a note of each one's file; a deleted placeholder sends
// no image.
func TestImageOrderAndDeletion(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, filepath.Join(dir, "a.png"), testPNG(t, 4, 4))
	b := writeFile(t, filepath.Join(dir, "b.png"), testPNG(t, 5, 5))
	h := newHarness(t, 100, []turnFunc{answer("one"), answer("two")}, nil)
	h.tm.Type("first ")
	h.tm.Send(tea.PasteMsg{Content: a})
	h.tm.Send(tea.PasteMsg{Content: b})
	h.tm.Type(" last, and [Image #1] again")
	h.waitFor("both", func(_, v string) bool {
		return strings.Contains(v, "> first [Image #1] [Image #2] last, and [Image #1] again")
	})
	h.key(tea.KeyEnter, 0)
	blocks := h.promptBlocks(0)
	kinds := ""
	for _, bl := range blocks {
		kinds += string(bl.Type)[:1]
	}
	if kinds != "tiitt" || blocks[0].Text != "first [Image #1] [Image #2] last, and [Image #1] again" ||
		blocks[3].Text != "[Image: source: "+a+"]" || blocks[4].Text != "[Image: source: "+b+"]" {
		t.Fatalf("blocks %q %+v", kinds, blocks)
	}
	if blocks[1].Source.Data != base64.StdEncoding.EncodeToString(testPNG(t, 4, 4)) ||
		blocks[2].Source.Data != base64.StdEncoding.EncodeToString(testPNG(t, 5, 5)) {
		t.Fatal("the images are not in the order typed")
	}
	h.waitFor("the answer", func(p, _ string) bool { return strings.Contains(p, "one") })
	// Backspace right after a placeholder deletes it whole; a
	// placeholder broken inside is text.
	h.tm.Type("see")
	h.tm.Send(tea.PasteMsg{Content: a})
	h.tm.Send(tea.PasteMsg{Content: b})
	h.waitFor("two more", func(_, v string) bool { return strings.Contains(v, "> see [Image #3] [Image #4]") })
	h.key(tea.KeyBackspace, 0)
	h.waitFor("the fourth deleted", func(_, v string) bool {
		return strings.Contains(v, "> see [Image #3]") && !strings.Contains(v, "[Image #4")
	})
	h.key(tea.KeyLeft, 0)
	h.key(tea.KeyLeft, 0)
	h.key(tea.KeyBackspace, 0) // the 3
	h.key(tea.KeyEnter, 0)
	blocks = h.promptBlocks(1)
	if len(blocks) != 1 || blocks[0].Text != "see [Image #] " {
		t.Fatalf("blocks %+v", blocks)
	}
}

// An image beyond what the API takes is refused with a clear message:
// nothing is attached and the pasted path stays as text.
func TestImageTooLargeRefused(t *testing.T) {
	dir := t.TempDir()
	huge := writeFile(t, filepath.Join(dir, "huge.png"), hugePNG(12000, 9000))
	big := filepath.Join(dir, "big.png")
	writeFile(t, big, testPNG(t, 2, 2))
	if err := os.Truncate(big, 65<<20); err != nil { // sparse: 65 MB of PNG
		t.Fatal(err)
	}
	broken := testPNG(t, 30, 30)
	truncated := writeFile(t, filepath.Join(dir, "truncated.png"), broken[:len(broken)-40])
	for _, c := range []struct{ path, notice string }{
		{huge, "Image not attached: image too large: 12000×9000 pixels, more than 50 megapixels"},
		{truncated, "Image not attached: image/png could not be decoded: png: invalid format: not enough pixel data"},
		{big, "Image not attached: " + big + " is 65 MB; images up to 64 MB can be attached"},
	} {
		h := newHarness(t, 200, []turnFunc{answer("ok")}, nil)
		h.tm.Send(tea.PasteMsg{Content: c.path})
		h.waitFor("the refusal", func(_, v string) bool {
			return strings.Contains(v, c.notice) && strings.Contains(v, "> "+c.path)
		})
		h.key(tea.KeyEnter, 0)
		if blocks := h.promptBlocks(0); len(blocks) != 1 || strings.TrimSpace(blocks[0].Text) != c.path {
			t.Fatalf("blocks %+v", blocks)
		}
	}
}

// The input box with an image attached.
func TestImagePlaceholderView(t *testing.T) {
	p := writeFile(t, filepath.Join(t.TempDir(), "screenshot.png"), testPNG(t, 3, 3))
	h := newHarness(t, 60, nil, nil)
	h.waitFor("the banner", func(p, _ string) bool { return p != "" })
	h.tm.Type("what is wrong here? ")
	h.tm.Send(tea.PasteMsg{Content: p})
	h.waitFor("the placeholder", func(_, v string) bool { return strings.Contains(v, "[Image #1]") })
	golden.RequireEqual(t, []byte(h.currentView()))
}

// Enter while an image is still being prepared sends nothing yet; once
// the image is ready the prompt goes with it, unless the input changed
// meanwhile (or the image failed): then it waits for the user again.
func TestEnterWaitsForImage(t *testing.T) {
	m := newModel(context.Background(), Options{Cwd: t.TempDir(), ConfigDir: t.TempDir()}, newBridge())
	img := provider.Block{Type: provider.BlockImage, Source: &provider.Source{Type: "base64", MediaType: "image/png", Data: "AA=="}}
	// Changed after enter: not sent.
	ph0 := m.img.add(&imageEntry{path: "/w.png"})
	m.setInput(ph0)
	m.enter()
	m.input.InsertString(" more")
	m.imageReady(ph0, img, nil)
	if m.input.Value() != ph0+" more" || len(m.queue) != 0 {
		t.Fatalf("a changed input was sent: input %q, queue %q", m.input.Value(), m.queue)
	}
	// A failed image: not sent, its path back.
	m.setInput("")
	ph1 := m.img.add(&imageEntry{path: "/bad.png"})
	m.setInput("x " + ph1)
	m.enter()
	m.imageReady(ph1, provider.Block{}, errors.New("broken"))
	if m.input.Value() != "x /bad.png" || len(m.queue) != 0 || m.img.sendWhenReady != "" {
		t.Fatalf("a failed image's prompt was sent: input %q, queue %q", m.input.Value(), m.queue)
	}
	m.setInput("")
	ph := m.img.add(&imageEntry{path: "/x.png"})
	m.setInput("see " + ph)
	m.enter()
	if m.input.Value() != "see "+ph || len(m.queue) != 0 || m.notice != "Preparing "+ph+"…" {
		t.Fatalf("input %q, queue %q, notice %q", m.input.Value(), m.queue, m.notice)
	}
	m.imageReady(ph, img, nil)
	if m.input.Value() != "" || len(m.queue) != 1 { // no conversation yet: queued
		t.Fatalf("input %q, queue %q", m.input.Value(), m.queue)
	}
	if b := m.promptBlocks(m.queue[0]); len(b) != 3 || b[1].Type != provider.BlockImage || b[2].Text != "[Image: source: /x.png]" {
		t.Fatalf("blocks %+v", b)
	}
}

// An image that fails turns back into its path, with the reason.
func TestImageFailureRestoresPath(t *testing.T) {
	m := newModel(context.Background(), Options{Cwd: t.TempDir(), ConfigDir: t.TempDir()}, newBridge())
	ph := m.img.add(&imageEntry{path: "/pics/a.png"})
	m.setInput("a " + ph + " b")
	m.imageReady(ph, provider.Block{}, errors.New("png: invalid format"))
	if m.input.Value() != "a /pics/a.png b" || m.notice != "Image not attached: png: invalid format" || len(m.img.entries) != 0 {
		t.Fatalf("input %q, notice %q, %d images", m.input.Value(), m.notice, len(m.img.entries))
	}
}

// Backspace right after a collapsed paste's placeholder deletes it whole
// (nothing of the paste is sent); elsewhere it deletes one character.
func TestBackspaceDeletesPastePlaceholder(t *testing.T) {
	h := newHarness(t, 100, []turnFunc{answer("ok")}, nil)
	h.tm.Type("ab ")
	h.tm.Send(tea.PasteMsg{Content: strings.Repeat("line\n", 30)})
	h.waitFor("the placeholder", func(_, v string) bool { return strings.Contains(v, "> ab [Pasted text #1 +30 lines]") })
	h.key(tea.KeyBackspace, 0)
	h.key(tea.KeyBackspace, 0)
	h.tm.Type("c")
	h.key(tea.KeyEnter, 0)
	if got := h.prompt(0); got != "abc" {
		t.Errorf("sent %q, want %q", got, "abc")
	}
}

// An image attached to a message typed during a turn goes with it when
// the queued message is sent.
func TestQueuedPromptKeepsImage(t *testing.T) {
	pic := testPNG(t, 4, 3)
	p := writeFile(t, filepath.Join(t.TempDir(), "q.png"), pic)
	h := newHarness(t, 100, []turnFunc{blockUntilInterrupt, answer("ok")}, nil)
	h.typeLine("first")
	h.waitFor("the turn", func(p, _ string) bool { return strings.Contains(p, "Working on it") })
	h.tm.Type("then this")
	h.tm.Send(tea.PasteMsg{Content: p})
	h.waitFor("the image", func(_, v string) bool { return strings.Contains(v, "> then this [Image #1]") })
	h.key(tea.KeyEnter, 0)
	h.waitFor("the queue", func(_, v string) bool {
		return strings.Contains(v, "then this [Image #1]") && !strings.Contains(v, "> then")
	})
	h.key(tea.KeyEscape, 0)
	blocks := h.promptBlocks(1)
	if len(blocks) != 3 || blocks[0].Text != "then this [Image #1]" || blocks[1].Source == nil ||
		blocks[1].Source.Data != base64.StdEncoding.EncodeToString(pic) {
		t.Fatalf("blocks %+v", blocks)
	}
}

// Files are prepared one at a time: a preparation waits for the slot
// (and gives up when the interface ends).
func TestImagePreparationOneAtATime(t *testing.T) {
	p := writeFile(t, filepath.Join(t.TempDir(), "a.png"), testPNG(t, 3, 3))
	slot := make(chan struct{}, 1)
	slot <- struct{}{} // another preparation runs
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := prepareImageFile(ctx, slot, p); done <- err }()
	select {
	case err := <-done:
		t.Fatalf("prepared while the slot was taken: %v", err)
	case <-time.After(100 * time.Millisecond):
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("waiting preparation: %v", err)
	}
	<-slot
	if b, err := prepareImageFile(context.Background(), slot, p); err != nil || b.Source == nil || len(slot) != 0 {
		t.Fatalf("free slot: %+v %v (slot %d)", b, err, len(slot))
	}
}
