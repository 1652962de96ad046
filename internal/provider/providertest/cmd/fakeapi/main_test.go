package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
)

// runAsync starts run and returns its first stdout line and exit status.
func runAsync(t *testing.T, ctx context.Context, args ...string) (url string, code <-chan int, stderr *bytes.Buffer) {
	t.Helper()
	pr, pw := io.Pipe()
	stderr = &bytes.Buffer{}
	done := make(chan int, 1)
	go func() {
		defer pw.Close()
		done <- run(ctx, args, pw, stderr)
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	go io.Copy(io.Discard, pr) // the rest of stdout, until run closes pw
	if err != nil {
		t.Fatalf("no URL line: %v (exit %d)", err, <-done)
	}
	return strings.TrimSpace(line), done, stderr
}

func ask(t *testing.T, url string) string {
	t.Helper()
	body := `{"model":"m","max_tokens":16,"stream":true,"messages":[{"role":"user","content":"hi"}]}`
	resp, err := http.Post(url+"/v1/messages?beta=true", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestExitWhenDone(t *testing.T) {
	url, code, stderr := runAsync(t, t.Context(), "-scenario", "builtin:hello", "-exit-when-done")
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("first line %q", url)
	}
	if out := ask(t, url); !strings.Contains(out, `"text":"Hello from t"`) || !strings.Contains(out, "event: message_stop") {
		t.Errorf("stream:\n%s", out)
	}
	if c := <-code; c != 0 {
		t.Errorf("exit %d: %s", c, stderr)
	}
}

func TestScenarioFileUntilCancelled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.json")
	sc := `{"turns":[{"blocks":[{"type":"text","text":"from a file"}]},{"blocks":[{"type":"text","text":"never"}]}]}`
	if err := os.WriteFile(path, []byte(sc), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	url, code, stderr := runAsync(t, ctx, "-scenario", path)
	if out := ask(t, url); !strings.Contains(out, `"text":"from a file"`) {
		t.Errorf("stream:\n%s", out)
	}
	cancel()
	if c := <-code; c != 0 || !strings.Contains(stderr.String(), "1 scripted request(s) never arrived") {
		t.Errorf("exit %d, stderr %q", c, stderr)
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-scenario", "builtin:nope"},
		{"-scenario", filepath.Join(t.TempDir(), "missing.json")},
		{"-bogus"},
	} {
		var stderr bytes.Buffer
		if c := run(t.Context(), args, io.Discard, &stderr); c != 2 {
			t.Errorf("%q: exit %d, want 2", args, c)
		}
		if stderr.Len() == 0 {
			t.Errorf("%q: nothing on stderr", args)
		}
	}
}

func TestPromptCacheFlags(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.json")
	sc := `{"turns":[{"blocks":[{"type":"text","text":"a"}],"repeat":2}]}`
	if err := os.WriteFile(path, []byte(sc), 0o600); err != nil {
		t.Fatal(err)
	}
	url, code, stderr := runAsync(t, t.Context(), "-scenario", path, "-exit-when-done", "-cache-min-tokens", "0")
	body := `{"model":"m","max_tokens":16,"stream":true,` +
		`"system":[{"type":"text","text":"be brief","cache_control":{"type":"ephemeral"}}],` +
		`"messages":[{"role":"user","content":"hi"}]}`
	var outs []string
	for range 2 {
		resp, err := http.Post(url+"/v1/messages", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, string(data))
	}
	// {"text":"be brief","type":"text"} is 33 bytes: 9 tokens.
	if !strings.Contains(outs[0], `"cache_creation_input_tokens":9,"cache_read_input_tokens":0`) ||
		!strings.Contains(outs[1], `"cache_creation_input_tokens":0,"cache_read_input_tokens":9`) {
		t.Errorf("streams:\n%s\n%s", outs[0], outs[1])
	}
	if c := <-code; c != 0 {
		t.Errorf("exit %d: %s", c, stderr)
	}
}

func TestSetCache(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		wantOn  bool
		wantMin int
	}{
		{nil, false, 0},
		{[]string{"-prompt-cache"}, true, providertest.DefaultCacheMinTokens},
		{[]string{"-cache-min-tokens", "7"}, true, 7},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		on := fs.Bool("prompt-cache", false, "")
		n := fs.Int("cache-min-tokens", providertest.DefaultCacheMinTokens, "")
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		var sc providertest.Scenario
		setCache(fs, &sc, *on, *n)
		if (sc.PromptCache != nil) != tc.wantOn {
			t.Errorf("%q: cache on %v", tc.args, sc.PromptCache != nil)
			continue
		}
		if sc.PromptCache == nil {
			continue
		}
		if got := sc.PromptCache.MinTokens; (got == nil && tc.wantMin != providertest.DefaultCacheMinTokens) || (got != nil && *got != tc.wantMin) {
			t.Errorf("%q: min tokens %v", tc.args, got)
		}
	}
}
