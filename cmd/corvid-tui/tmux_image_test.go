package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

// pngFile writes a real w×h PNG and returns its bytes.
func pngFile(t *testing.T, path string, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	img.Set(0, 0, color.White)
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The real binary in tmux: ctrl+v attaches the X11 clipboard's image
// (a stub xclip first on PATH), a file dropped on the pane (its path
// pasted, spaces escaped) attaches another, and the request to the
// Messages API carries both as image blocks after the prompt's text, as
// Claude Code sends them.
// The statusLine's refreshInterval re-runs its command while idle.
func TestTmuxImagePasteAndStatusRefresh(t *testing.T) {
	requireTmux(t)
	bin := buildBinaries(t)
	root := t.TempDir()
	proj, cfg, stub := filepath.Join(root, "proj"), filepath.Join(root, "cfg"), filepath.Join(root, "stub")
	for _, d := range []string{proj, cfg, stub} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	clip := pngFile(t, filepath.Join(stub, "clip.png"), 6, 4)
	dropped := pngFile(t, filepath.Join(proj, "my screenshot.png"), 3, 5)
	xclip := "#!/bin/sh\necho \"$*\" >> " + filepath.Join(stub, "args") + "\ncase \"$*\" in\n" +
		"*TARGETS*) printf 'TARGETS\\nimage/png\\n' ;;\n*image/png*) cat " + filepath.Join(stub, "clip.png") + " ;;\n*) exit 1 ;;\nesac\n"
	if err := os.WriteFile(filepath.Join(stub, "xclip"), []byte(xclip), 0o755); err != nil {
		t.Fatal(err)
	}
	ticks := filepath.Join(root, "ticks")
	settings := fmt.Sprintf(`{"statusLine":{"type":"command","refreshInterval":1,`+
		`"command":"echo x >> %s; echo \"tick $(wc -l < %s | tr -d ' ')\""}}`, ticks, ticks)
	if err := os.WriteFile(filepath.Join(cfg, "settings.json"), []byte(settings), 0o600); err != nil {
		t.Fatal(err)
	}
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Blocks: []providertest.Block{providertest.Text("Two pictures seen.")}}}})
	e := &e2e{t: t, sock: fmt.Sprintf("corvid-img-%d", os.Getpid()), target: "i"}
	env := []string{"ANTHROPIC_BASE_URL=" + srv.URL, "ANTHROPIC_API_KEY=test", "CORVID_CONFIG_DIR=" + cfg,
		"HOME=" + root, "TERM=xterm-256color", "NO_COLOR=1", "DISPLAY=:99", "PATH=" + stub + ":" + os.Getenv("PATH")}
	shell := fmt.Sprintf("cd %q && env -u WAYLAND_DISPLAY %s %q; sleep 60", proj, strings.Join(quoteAll(env), " "),
		filepath.Join(bin, "corvid"))
	e.tmux("new-session", "-d", "-s", "i", "-x", "100", "-y", "30", shell)
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.sock, "kill-server").Run() })

	e.waitText("tick 3") // the first run, then two refreshes while idle
	e.tmux("send-keys", "-t", "i", "-l", "compare ")
	e.keys("C-v")
	e.waitText("compare [Image #1]")
	drop := filepath.Join(root, "drop.txt")
	if err := os.WriteFile(drop, []byte(strings.ReplaceAll(filepath.Join(proj, "my screenshot.png"), " ", `\ `)), 0o644); err != nil {
		t.Fatal(err)
	}
	e.tmux("load-buffer", "-b", "d", drop)
	e.tmux("paste-buffer", "-p", "-b", "d", "-t", "i")
	e.waitText("compare [Image #1] [Image #2]")
	e.tmux("send-keys", "-t", "i", "-l", " please")
	e.keys("Enter")
	e.waitText("Two pictures seen.")

	reqs := srv.Requests()
	if len(reqs) == 0 {
		t.Fatal("no request")
	}
	var body struct {
		Messages []struct {
			Role    string            `json:"role"`
			Content []json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(reqs[0].Body, &body); err != nil {
		t.Fatal(err)
	}
	last := body.Messages[len(body.Messages)-1]
	var got []string
	for _, raw := range last.Content {
		var b struct {
			Type   string `json:"type"`
			Text   string `json:"text"`
			Source struct {
				MediaType string `json:"media_type"`
				Data      string `json:"data"`
			} `json:"source"`
		}
		_ = json.Unmarshal(raw, &b)
		src := b.Source
		switch {
		case b.Type == "text":
			got = append(got, "text:"+b.Text)
		case b.Type == "image" && src.MediaType == "image/png" && src.Data == base64.StdEncoding.EncodeToString(clip):
			got = append(got, "image:clipboard")
		case b.Type == "image" && src.MediaType == "image/png" && src.Data == base64.StdEncoding.EncodeToString(dropped):
			got = append(got, "image:dropped")
		default:
			got = append(got, "other:"+string(raw[:min(len(raw), 80)]))
		}
	}
	// Text blocks other parts of corvid add (reminders) may come first.
	want := "text:compare [Image #1] [Image #2] please|image:clipboard|image:dropped|" +
		"text:[Image: source: " + filepath.Join(proj, "my screenshot.png") + "]"
	if j := strings.Join(got, "|"); !strings.HasSuffix(j, want) {
		t.Errorf("the prompt's blocks are %q, want them to end %q", j, want)
	}
}
