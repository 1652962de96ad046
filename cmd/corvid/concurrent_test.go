package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"

	"corvid/internal/provider"
)

// corvidmany N ARGS...   start N corvids at once ({i} in an argument
// becomes the run's number), wait for all and require each to exit 0;
// their stderr is the command's stderr.
func (s *servers) corvidMany(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: corvidmany N args...")
	}
	n, err := strconv.Atoi(args[0])
	ts.Check(err)
	cmds := make([]*exec.Cmd, n)
	for i := range cmds {
		a := make([]string, len(args)-1)
		for j, v := range args[1:] {
			a[j] = strings.ReplaceAll(v, "{i}", strconv.Itoa(i))
		}
		cmds[i] = s.command(ts, a)
	}
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i, c := range cmds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = c.Run()
		}()
	}
	wg.Wait()
	for i, c := range cmds {
		fmt.Fprint(ts.Stderr(), c.Stderr.(*bytes.Buffer).String())
		if errs[i] != nil {
			ts.Fatalf("run %d: %v\n%s", i, errs[i], c.Stderr)
		}
	}
}

// transcriptLine is what the concurrency check reads of an entry.
type transcriptLine struct {
	Type       string  `json:"type"`
	UUID       string  `json:"uuid"`
	ParentUUID *string `json:"parentUuid"`
	IsMeta     bool    `json:"isMeta"`
	Message    struct {
		Content json.RawMessage `json:"content"`
	} `json:"message"`
}

// sessions linear ORIGINAL   every transcript is one linear chain (each
// entry's parent is the entry before it) in which every prompt is answered
// before the next prompt; a prompt appears at most once per transcript;
// session ORIGINAL holds at most limit prompts.
func linearSessions(ts *testscript.TestScript, original string, limit int) {
	for _, path := range transcripts(ts) {
		prompts := checkLinear(ts, path)
		if strings.TrimSuffix(filepath.Base(path), ".jsonl") == original && len(prompts) > limit {
			ts.Fatalf("the original session took %d runs: %q", len(prompts)-1, prompts)
		}
	}
}

// checkLinear checks one transcript and returns its prompts in order.
func checkLinear(ts *testscript.TestScript, path string) []string {
	f, err := os.Open(path)
	ts.Check(err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	var prompts []string
	prev, pending := "", false
	for n := 1; sc.Scan(); n++ {
		var l transcriptLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			ts.Fatalf("%s:%d: %v", path, n, err)
		}
		if l.UUID == "" {
			continue // cost state
		}
		if parent := ptrString(l.ParentUUID); parent != prev {
			ts.Fatalf("%s:%d: parent %q, want the entry before it (%q): the chain branches", path, n, parent, prev)
		}
		prev = l.UUID
		switch p := promptOf(l); {
		case p != "":
			if pending {
				ts.Fatalf("%s:%d: prompt %q follows prompt %q without an answer", path, n, p, prompts[len(prompts)-1])
			}
			for _, q := range prompts {
				if q == p {
					ts.Fatalf("%s:%d: prompt %q twice", path, n, p)
				}
			}
			prompts, pending = append(prompts, p), true
		case l.Type == "assistant":
			pending = false
		}
	}
	ts.Check(sc.Err())
	if pending {
		ts.Fatalf("%s: the last prompt has no answer", path)
	}
	return prompts
}

func ptrString(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// promptOf returns the user's own text in a user entry ("" for none).
func promptOf(l transcriptLine) string {
	if l.Type != "user" || l.IsMeta {
		return ""
	}
	var blocks []provider.Block
	if json.Unmarshal(l.Message.Content, &blocks) != nil {
		return ""
	}
	p := ""
	for _, b := range blocks {
		if b.Type == provider.BlockText && !strings.HasPrefix(b.Text, "<system-reminder>") {
			p = b.Text
		}
	}
	return p
}

// fakeapi prompts REGEX   no user message of any request holds more than
// one text block matching REGEX (prompts of different runs merged into
// one turn).
func (s *servers) onePromptPerMessage(ts *testscript.TestScript, expr string) {
	re, err := regexp.Compile(expr)
	ts.Check(err)
	for i, req := range s.server(ts).Requests() {
		var body struct{ Messages []provider.Message }
		ts.Check(json.Unmarshal(req.Body, &body))
		for j, m := range body.Messages {
			n := 0
			for _, b := range m.Content {
				if b.Type == provider.BlockText && re.MatchString(b.Text) {
					n++
				}
			}
			if n > 1 {
				ts.Fatalf("request %d, message %d holds %d prompts", i, j, n)
			}
		}
	}
}
