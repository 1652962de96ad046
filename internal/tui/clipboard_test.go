//go:build !windows

package tui

import (
	"context"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"go.uber.org/goleak"

	"corvid/internal/provider"
)

// stubClipboard puts a fake xclip and wl-paste first on PATH. Each
// records its arguments (a line a run) in dir/args and serves the
// clipboard the files say: dir/types lists the types, dir/image/png and
// dir/text hold their content.
func stubClipboard(t *testing.T, types string, png []byte, text string) (dir string, args func() []string) {
	t.Helper()
	dir = t.TempDir()
	script := `#!/bin/sh
d=` + dir + `
echo "$(basename "$0") $*" >> "$d/args"
case "$*" in
*TARGETS*|*--list-types*) cat "$d/types" ;;
*image/png*) [ -f "$d/png" ] && cat "$d/png" || exit 1 ;;
*) cat "$d/text" ;;
esac
`
	for _, prog := range []string{"xclip", "wl-paste"} {
		if err := os.WriteFile(filepath.Join(dir, prog), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(dir, "types"), []byte(types))
	writeFile(t, filepath.Join(dir, "text"), []byte(text))
	if png != nil {
		writeFile(t, filepath.Join(dir, "png"), png)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	return dir, func() []string {
		data, _ := os.ReadFile(filepath.Join(dir, "args"))
		return strings.Split(strings.TrimSpace(string(data)), "\n")
	}
}

// ctrl+v typed on the terminal (the real input path: bytes read by the
// paste reader and the program's decoder) reads the image from the X11
// clipboard with xclip and attaches it; a file dropped on the terminal
// is attached too; enter sends both.
func TestCtrlVPastesClipboardImage(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	pic := testPNG(t, 7, 5)
	_, args := stubClipboard(t, "TARGETS\nUTF8_STRING\nimage/png\n", pic, "text")
	t.Setenv("DISPLAY", ":42")
	t.Setenv("WAYLAND_DISPLAY", "")
	p := startPipe(t)
	p.write("what is this \x16") // ctrl+v
	p.waitView("> what is this [Image #1]")
	// A file dropped on the terminal: a bracketed paste of its path.
	dropped := writeFile(t, filepath.Join(t.TempDir(), "dropped shot.png"), testPNG(t, 2, 9))
	p.write(pasteStart + strings.ReplaceAll(dropped, " ", `\ `) + " " + pasteEnd)
	p.waitView("> what is this [Image #1] [Image #2]")
	p.write("\r")
	p.prompts(1)
	p.conv.mu.Lock()
	prompts := p.conv.prompts
	p.conv.mu.Unlock()
	if len(prompts) != 1 || len(prompts[0]) != 4 || prompts[0][2].Type != provider.BlockImage ||
		prompts[0][3].Text != "[Image: source: "+dropped+"]" {
		t.Fatalf("prompts %+v", prompts)
	}
	if b := prompts[0][0]; b.Text != "what is this [Image #1] [Image #2]" {
		t.Errorf("text block %+v", b)
	}
	if b := prompts[0][1]; b.Type != provider.BlockImage || b.Source.MediaType != "image/png" ||
		b.Source.Data != base64.StdEncoding.EncodeToString(pic) {
		t.Errorf("image block %+v", b)
	}
	want := []string{"xclip -selection clipboard -t TARGETS -o", "xclip -selection clipboard -t image/png -o"}
	if got := args(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("xclip ran with %q, want %q", got, want)
	}
	p.exit()
}

// Under Wayland wl-paste is asked; a clipboard with only text pastes
// the text (through the paste path: a pasted image path attaches it),
// and an empty one says so.
func TestCtrlVWaylandAndText(t *testing.T) {
	pic := testPNG(t, 3, 3)
	env := func(k string) string { return map[string]string{"WAYLAND_DISPLAY": "wayland-0"}[k] }
	cases := []struct {
		name, types, text, view string
		png                     []byte
		runs                    []string
	}{
		{"image", "text/plain\nimage/png\n", "", "> [Image #1]", pic,
			[]string{"wl-paste --list-types", "wl-paste --type image/png"}},
		{"text", "text/plain;charset=utf-8\nUTF8_STRING\n", "copied words", "> copied words", nil,
			[]string{"wl-paste --list-types", "wl-paste --no-newline"}},
		{"empty", "", "", "No image in the clipboard", nil,
			[]string{"wl-paste --list-types", "wl-paste --no-newline"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, args := stubClipboard(t, c.types, c.png, c.text)
			h := newHarness(t, 100, nil, func(o *Options) { o.Getenv = env })
			h.key('v', tea.ModCtrl)
			h.waitFor(c.view, func(_, v string) bool { return strings.Contains(v, c.view) })
			if got := args(); strings.Join(got, "|") != strings.Join(c.runs, "|") {
				t.Errorf("ran %q, want %q", got, c.runs)
			}
		})
	}
	t.Run("path in clipboard", func(t *testing.T) {
		p := writeFile(t, filepath.Join(t.TempDir(), "copied.png"), pic)
		stubClipboard(t, "text/plain\n", nil, p)
		h := newHarness(t, 100, nil, func(o *Options) { o.Getenv = env })
		h.key('v', tea.ModCtrl)
		h.waitFor("the image", func(_, v string) bool { return strings.Contains(v, "> [Image #1]") })
	})
}

// Without a clipboard program the notice says what to install; the
// clipboard programs' errors are told apart.
func TestReadClipboardErrors(t *testing.T) {
	none := func(string) (string, error) { return "", errors.New("not found") }
	_, err := readClipboard(context.Background(), clipSources("linux", func(k string) string { return "x" }), none)
	if !errors.Is(err, ErrNoClipboardTool) || !strings.Contains(err.Error(), "install wl-clipboard or xclip") {
		t.Errorf("no programs: %v", err)
	}
	if _, err := readClipboard(context.Background(), clipSources("linux", func(string) string { return "" }), none); err != ErrNoClipboardTool {
		t.Errorf("no display: %v", err)
	}
	if got := clipSources("windows", nil); got != nil {
		t.Errorf("windows sources %v", got)
	}
	h := newHarness(t, 120, nil, func(o *Options) {
		o.Getenv = func(k string) string { return map[string]string{"DISPLAY": ":1"}[k] }
	})
	t.Setenv("PATH", t.TempDir())
	h.key('v', tea.ModCtrl)
	h.waitFor("the hint", func(_, v string) bool { return strings.Contains(v, "No image read: install xclip to paste images") })
}

// The clipboard program's output is capped and its time bounded.
func TestRunClipBounds(t *testing.T) {
	if _, err := runClip(context.Background(), "/bin/sh", []string{"-c", "head -c 5000 /dev/zero"}, 4096); !errors.Is(err, ErrClipboardTooLarge) {
		t.Errorf("over the cap: %v", err)
	}
	out, err := runClip(context.Background(), "/bin/sh", []string{"-c", "printf abc"}, 4096)
	if err != nil || string(out) != "abc" {
		t.Errorf("output %q, %v", out, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := runClip(ctx, "/bin/sh", []string{"-c", "sleep 30"}, 10); err == nil {
		t.Error("a cancelled run succeeded")
	}
	// A program that hangs (and a child of it holding its output) is
	// killed at the deadline: the run ends with a timeout.
	ctx, cancel = context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := runClip(ctx, "/bin/sh", []string{"-c", "sleep 30 & sleep 30"}, 10)
		done <- err
	}()
	select {
	case err := <-done:
		if !errors.Is(err, ErrClipboardTimeout) {
			t.Errorf("hanging program: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a hanging clipboard program was not killed")
	}
}

// osascript prints the clipboard's PNG as «data PNGf<hex>».
func TestDecodeAppleData(t *testing.T) {
	got, err := decodeAppleData([]byte("«data PNGf89504E470D0A1A0A»\n"))
	if err != nil || string(got) != "\x89PNG\r\n\x1a\n" {
		t.Errorf("decoded %q, %v", got, err)
	}
	for _, bad := range []string{"", "«data PNGf8950", "«data PNGfZZ»", "missing value"} {
		if _, err := decodeAppleData([]byte(bad)); err == nil {
			t.Errorf("%q decoded", bad)
		}
	}
}
