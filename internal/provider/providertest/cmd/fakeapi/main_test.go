package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
