//go:build !windows

package tui

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// oracleBlock is a content block as testdata/claudecode/image-prompt.json
// records it: image data named by where it came from, paths by a mark.
type oracleBlock struct {
	Type      string `json:"type"`
	Text      string `json:"text,omitempty"`
	MediaType string `json:"media_type,omitempty"`
	Data      string `json:"data,omitempty"`
}

// The prompt's blocks have the shape Claude Code 2.1.332 sends (recorded
// by testdata/claudecode/record-image-prompt.sh): the text as typed, the
// clipboard's image, the dropped file's image, a note of the file's
// path. Claude Code also keeps a copy of a clipboard image in a
// temporary file and names it in a note; corvid keeps no copy, so that
// note is the one difference.
func TestImagePromptMatchesClaudeCode(t *testing.T) {
	var rec struct {
		Blocks []oracleBlock `json:"last_user_message_blocks_without_system_reminders"`
	}
	data, err := os.ReadFile(filepath.Join("testdata", "claudecode", "image-prompt.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	var want []oracleBlock
	for _, b := range rec.Blocks {
		if b.Text != "[Image: source: <CLIPBOARD-COPY>]" {
			want = append(want, b)
		}
	}
	clip := testPNG(t, 5, 5)
	stubClipboard(t, "TARGETS\nimage/png\n", clip, "")
	proj := t.TempDir()
	dropped := writeFile(t, filepath.Join(proj, "shot one.png"), testPNG(t, 6, 4))
	h := newHarness(t, 100, []turnFunc{answer("ok")}, func(o *Options) {
		o.Cwd = proj
		o.Getenv = func(k string) string { return map[string]string{"DISPLAY": ":9"}[k] }
	})
	h.tm.Type("compare ")
	h.key('v', tea.ModCtrl)
	h.waitFor("the clipboard's image", func(_, v string) bool { return strings.Contains(v, "[Image #1]") })
	h.tm.Send(tea.PasteMsg{Content: strings.ReplaceAll(dropped, " ", `\ `)})
	h.waitFor("the dropped image", func(_, v string) bool { return strings.Contains(v, "[Image #2]") })
	h.tm.Type(" please")
	h.key(tea.KeyEnter, 0)
	names := map[string]string{base64.StdEncoding.EncodeToString(clip): "clipboard",
		base64.StdEncoding.EncodeToString(testPNG(t, 6, 4)): "dropped"}
	var got []oracleBlock
	for _, b := range h.promptBlocks(0) {
		if b.Source != nil {
			got = append(got, oracleBlock{Type: string(b.Type), MediaType: b.Source.MediaType, Data: names[b.Source.Data]})
			continue
		}
		got = append(got, oracleBlock{Type: string(b.Type), Text: strings.ReplaceAll(b.Text, proj+"/", "<PROJ>/")})
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("blocks\n%+v\nwant (Claude Code)\n%+v", got, want)
	}
}
