package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
)

// oracleDir holds what Claude Code 2.1.332 sent for custom commands and
// skills (testdata/claudecode/commands/record.sh).
const oracleDir = "../../testdata/claudecode/commands"

type oracleBlock struct {
	Type    string `json:"type"`
	Text    string `json:"text,omitempty"`
	Content string `json:"content,omitempty"`
}

type oracleCase struct {
	Name   string          `json:"name"`
	Prompt string          `json:"prompt"`
	Turns  json.RawMessage `json:"turns"`
}

// corvid sends what Claude Code sends for a custom command, a namespaced
// command without placeholders, a skill the user types, a skill the model
// loads and an unknown /name: the same blocks in the last user message
// (apart from each one's own reminders) and the same note of an @file.
func TestCommandTurnsMatchClaudeCode(t *testing.T) {
	var cases []oracleCase
	readJSON(t, filepath.Join(oracleDir, "cases.json"), &cases)
	var want map[string]struct {
		Blocks   []oracleBlock `json:"blocks"`
		Mentions []string      `json:"mentions"`
	}
	readJSON(t, filepath.Join(oracleDir, "recorded.json"), &want)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			proj := filepath.Join(t.TempDir(), "proj")
			if err := os.CopyFS(proj, os.DirFS(filepath.Join(oracleDir, "proj"))); err != nil {
				t.Fatal(err)
			}
			sc, err := providertest.Parse([]byte(`{"turns":` + string(c.Turns) + `}`))
			if err != nil {
				t.Fatal(err)
			}
			srv := providertest.Start(t, sc)
			opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", filepath.Join(proj, "..", "cfg")))
			opts.Prompt, opts.Cwd = c.Prompt, proj
			res, err := Run(t.Context(), opts)
			if err != nil || res.IsError {
				t.Fatalf("run: %v %+v", err, res)
			}
			reqs := srv.Requests()
			norm := strings.NewReplacer(proj, "$PROJ", res.SessionID, "$SESSION")
			blocks, mentions := commandBlocks(reqs[len(reqs)-1].Messages, norm)
			if !reflect.DeepEqual(blocks, want[c.Name].Blocks) {
				t.Errorf("blocks differ from Claude Code's\n got %+v\nwant %+v", blocks, want[c.Name].Blocks)
			}
			if !reflect.DeepEqual(mentions, want[c.Name].Mentions) {
				t.Errorf("@file notes differ\n got %q\nwant %q", mentions, want[c.Name].Mentions)
			}
		})
	}
}

// commandBlocks reduces a request as record.sh does: the last user
// message without reminders, and every note of an attached file.
func commandBlocks(msgs []provider.Message, norm *strings.Replacer) (blocks []oracleBlock, mentions []string) {
	mentions = []string{}
	var last provider.Message
	for _, m := range msgs {
		if m.Role != provider.RoleUser {
			continue
		}
		last = m
		for _, b := range m.Content {
			if b.Type == provider.BlockText && strings.Contains(b.Text, "Called the Read tool") {
				mentions = append(mentions, norm.Replace(b.Text))
			}
		}
	}
	for _, b := range last.Content {
		switch {
		case b.Type == provider.BlockToolResult:
			text := ""
			for _, cb := range b.Content {
				text += cb.Text
			}
			blocks = append(blocks, oracleBlock{Type: "tool_result", Content: norm.Replace(text)})
		case b.Type == provider.BlockText && !strings.HasPrefix(b.Text, "<system-reminder>"):
			blocks = append(blocks, oracleBlock{Type: "text", Text: norm.Replace(b.Text)})
		}
	}
	return blocks, mentions
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
}
