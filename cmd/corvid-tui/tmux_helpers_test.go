package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// project is a temporary home, project folder and corvid state folder
// for one end-to-end test, with the environment corvid runs under.
type project struct {
	root, proj, cfg, bin string
	env                  []string
}

func newProject(t *testing.T, apiURL string, extraEnv ...string) *project {
	t.Helper()
	root := t.TempDir()
	p := &project{root: root, proj: filepath.Join(root, "proj"), cfg: filepath.Join(root, "cfg"), bin: buildBinaries(t)}
	for _, d := range []string{p.proj, p.cfg} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p.env = append([]string{"ANTHROPIC_BASE_URL=" + apiURL, "ANTHROPIC_API_KEY=test", "CORVID_CONFIG_DIR=" + p.cfg,
		"HOME=" + root, "TERM=xterm-256color"}, extraEnv...)
	return p
}

// launch starts corvid with args in a new tmux session named target, of
// w×h cells, on e's server; the pane stays open after corvid exits and
// shows its exit status.
func (p *project) launch(e *e2e, target string, w, h int, args ...string) {
	e.t.Helper()
	shell := fmt.Sprintf("cd %q && env -u NO_COLOR -u COLORFGBG %s %s; echo CORVID-EXIT=$?; sleep 60", p.proj,
		strings.Join(quoteAll(p.env), " "), strings.Join(quoteAll(append([]string{filepath.Join(p.bin, "corvid")}, args...)), " "))
	if e.sock == "" {
		e.sock = fmt.Sprintf("corvid-%s-%d", strings.ReplaceAll(e.t.Name(), "/", "-"), os.Getpid())
		e.t.Cleanup(func() { _ = exec.Command("tmux", "-L", e.sock, "kill-server").Run() })
	}
	e.target = target
	e.tmux("new-session", "-d", "-s", target, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), shell)
}

// entry is the part of a transcript line the tests look at.
type entry struct {
	Type       string  `json:"type"`
	UUID       string  `json:"uuid"`
	ParentUUID *string `json:"parentUuid"`
	Message    struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"message"`
}

// transcripts reads every session transcript of the project.
func (p *project) transcripts(t *testing.T) map[string][]entry {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(p.cfg, "projects", "*", "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcript under %s: %v", p.cfg, err)
	}
	out := map[string][]entry{}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			var e entry
			if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
				t.Fatalf("%s: a line is not JSON: %v\n%s", f, err, sc.Bytes())
			}
			out[f] = append(out[f], e)
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// block is a content block of a transcript message.
type block struct {
	Type      string `json:"type"`
	ID        string `json:"id"`
	Name      string `json:"name"`
	ToolUseID string `json:"tool_use_id"`
	Text      string `json:"text"`
	IsError   bool   `json:"is_error"`
	Content   any    `json:"content"`
}

func (e entry) blocks() []block {
	var bs []block
	if json.Unmarshal(e.Message.Content, &bs) != nil {
		var s string
		if json.Unmarshal(e.Message.Content, &s) == nil {
			bs = []block{{Type: "text", Text: s}}
		}
	}
	return bs
}
