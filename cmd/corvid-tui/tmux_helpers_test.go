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

	"corvid/internal/provider/providertest"
)

// project is a temporary home, project folder and corvid state folder
// for one end-to-end test, with the environment corvid runs under.
type project struct {
	root, proj, cfg, bin string
	env                  []string
	// tmuxConf, when set, is the tmux server's configuration file.
	tmuxConf string
}

func newProject(t *testing.T, extraEnv ...string) *project {
	t.Helper()
	root := t.TempDir()
	p := &project{root: root, proj: filepath.Join(root, "proj"), cfg: filepath.Join(root, "cfg"), bin: buildBinaries(t)}
	for _, d := range []string{p.proj, p.cfg} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p.env = append([]string{"ANTHROPIC_API_KEY=test", "CORVID_CONFIG_DIR=" + p.cfg,
		"HOME=" + root, "TERM=xterm-256color"}, extraEnv...)
	return p
}

// serve points corvid at the fake API running sc and returns it.
func (p *project) serve(t *testing.T, sc providertest.Scenario) *providertest.Server {
	t.Helper()
	srv := providertest.Start(t, sc)
	p.env = append(p.env, "ANTHROPIC_BASE_URL="+srv.URL)
	return srv
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
	var conf []string
	if p.tmuxConf != "" {
		conf = []string{"-f", p.tmuxConf}
	}
	e.tmux(append(conf, "new-session", "-d", "-s", target, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), shell)...)
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

// cleanEnv is the test's environment without the variables the tests
// set themselves (colour, terminal background).
func cleanEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "NO_COLOR=") && !strings.HasPrefix(kv, "COLORFGBG=") {
			out = append(out, kv)
		}
	}
	return out
}

// checkTranscripts checks every transcript of the project: each
// tool_use is answered by exactly one tool_result, the call cancelled
// has a synthetic error result, and every message entry lies on the
// one parent chain that ends at the file's last message.
func checkTranscripts(t *testing.T, p *project, cancelled string) {
	t.Helper()
	sawCancelled := false
	for file, entries := range p.transcripts(t) {
		uses, results := map[string]int{}, map[string]int{}
		byID := map[string]entry{}
		last := ""
		for _, e := range entries {
			if e.UUID != "" {
				if _, dup := byID[e.UUID]; dup {
					t.Errorf("%s: uuid %s used twice", file, e.UUID)
				}
				byID[e.UUID] = e
			}
			if e.ParentUUID != nil {
				if _, ok := byID[*e.ParentUUID]; !ok {
					t.Errorf("%s: entry %s has parent %s, not an earlier entry", file, e.UUID, *e.ParentUUID)
				}
			}
			if e.Type != "user" && e.Type != "assistant" {
				continue
			}
			last = e.UUID
			for _, b := range e.blocks() {
				switch b.Type {
				case "tool_use":
					uses[b.ID]++
				case "tool_result":
					results[b.ToolUseID]++
					if b.ToolUseID == cancelled {
						sawCancelled = b.IsError
					}
				}
			}
		}
		for id, n := range uses {
			if n != 1 || results[id] != 1 {
				t.Errorf("%s: tool_use %s written %d times, answered %d times", file, id, n, results[id])
			}
		}
		for id := range results {
			if uses[id] == 0 {
				t.Errorf("%s: a tool_result answers %s, which no tool_use made", file, id)
			}
		}
		onChain := map[string]bool{}
		for id := last; id != ""; {
			onChain[id] = true
			e := byID[id]
			if e.ParentUUID == nil {
				break
			}
			id = *e.ParentUUID
		}
		for _, e := range entries {
			if (e.Type == "user" || e.Type == "assistant") && !onChain[e.UUID] {
				t.Errorf("%s: %s entry %s is off the chain that ends at the last message", file, e.Type, e.UUID)
			}
		}
	}
	if !sawCancelled {
		t.Errorf("no transcript answers the cancelled call %s with an error result", cancelled)
	}
}
