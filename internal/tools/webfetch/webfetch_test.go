package webfetch

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"testing"

	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
)

// golden compares a result text, with server URLs replaced.
func golden(t *testing.T, name, got string, servers ...*server) {
	t.Helper()
	repl := map[string]string{}
	for i, s := range servers {
		repl[s.URL] = []string{"http://SERVER", "http://OTHER"}[i]
	}
	tooltest.Golden(t, name, got, repl)
}

func TestResults(t *testing.T) {
	article, err := os.ReadFile("testdata/article.html")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		handler http.HandlerFunc
		opts    Options
		wantErr bool
		want    []string // substrings of the result text
		notWant []string
	}{
		{name: "html_main_content", handler: serve("text/html; charset=utf-8", string(article)),
			want:    []string{"# Configuring the Widget Server", "## Worker pool", "`widget.toml`", "](http://127.0.0.1"},
			notWant: []string{"Buy more widgets", "Log in", "All rights reserved", "analytics"}},
		{name: "json", handler: serve("application/json", `{"name":"widget","version":"1.2.3"}`),
			want: []string{`{"name":"widget","version":"1.2.3"}`}},
		{name: "plain_text_sniffed", handler: serve("", "just some text\n"), want: []string{"just some text"}},
		{name: "empty_body", handler: serve("text/plain", ""), want: []string{"has no text content"}},
		{name: "truncated", handler: serve("text/plain", strings.Repeat("é", 300)), opts: Options{MaxContentChars: 100},
			want: []string{"[Content truncated: showing the first 100 of 300 characters.]"}},
		{name: "body_capped", handler: serve("text/plain", strings.Repeat("a", 5000)), opts: Options{MaxBytes: 1000},
			want: []string{"only its beginning was read"}},
		{name: "latin1", handler: serve("text/plain; charset=iso-8859-1", "caf\xe9"), want: []string{"café"}},
		{name: "not_found", handler: http.NotFound, wantErr: true, want: []string{"HTTP 404 Not Found"}},
		{name: "server_error", handler: func(w http.ResponseWriter, _ *http.Request) {
			http.Error(w, "boom", http.StatusInternalServerError)
		}, wantErr: true, want: []string{"HTTP 500"}},
		{name: "binary", handler: serve("image/png", "\x89PNG\r\n\x1a\n"), wantErr: true, want: []string{"image/png"}},
		{name: "binary_sniffed", handler: serve("", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), wantErr: true, want: []string{"image/png"}},
		{name: "redirect_no_location", handler: func(w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(http.StatusFound)
		}, wantErr: true, want: []string{"no Location header"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t, tt.handler)
			tt.opts.Client = srv.Client()
			run := call(t, context.Background(), New(tt.opts), srv.URL+"/page", "what is configured?")
			text := run.Text()
			if run.Result.IsError != tt.wantErr {
				t.Fatalf("IsError = %v, want %v: %s", run.Result.IsError, tt.wantErr, text)
			}
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("result lacks %q:\n%s", w, text)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(text, w) {
					t.Errorf("result contains %q:\n%s", w, text)
				}
			}
			golden(t, tt.name, text, srv)
		})
	}
}

func TestStructuredOutput(t *testing.T) {
	srv := newServer(t, serve("text/plain", "hello"))
	clock := newClock()
	tl := New(Options{Client: srv.Client(), Now: clock.Now})
	run := call(t, context.Background(), tl, srv.URL+"/x#frag", "p")
	if len(run.Progress) != 1 || run.Progress[0].Message != "Fetching "+srv.URL+"/x…" {
		t.Errorf("progress = %+v", run.Progress)
	}
	got := structured(t, run.Result)
	want := Output{Bytes: 5, Code: 200, CodeText: "OK", Result: run.Text(), URL: srv.URL + "/x#frag"}
	if got != want {
		t.Errorf("structured = %+v, want %+v", got, want)
	}
	raw, _ := json.Marshal(got)
	for _, key := range []string{`"bytes":5`, `"code":200`, `"codeText":"OK"`, `"result":`, `"durationMs":0`, `"url":`} {
		if !strings.Contains(string(raw), key) {
			t.Errorf("JSON %s lacks %s", raw, key)
		}
	}
}

func TestInputErrors(t *testing.T) {
	tests := []struct {
		name string
		in   any
	}{
		{"relative_url", map[string]any{"url": "/docs/page", "prompt": "p"}},
		{"bare_domain", map[string]any{"url": "example.com", "prompt": "p"}},
		{"ftp_url", map[string]any{"url": "ftp://example.com/file", "prompt": "p"}},
		{"credentials", map[string]any{"url": "https://user:pw@example.com/", "prompt": "p"}},
		{"unparseable", map[string]any{"url": "https://exa mple.com/%zz", "prompt": "p"}},
		{"long_url", map[string]any{"url": "https://example.com/" + strings.Repeat("a", 2000), "prompt": "p"}},
		{"empty_prompt", map[string]any{"url": "https://example.com/", "prompt": "  "}},
		{"missing_prompt", map[string]any{"url": "https://example.com/"}},
		{"extra_field", map[string]any{"url": "https://example.com/", "prompt": "p", "offset": 3}},
	}
	client := &http.Client{Transport: roundTripper(func(*http.Request) (*http.Response, error) {
		t.Error("input error reached the network")
		return nil, errNoNetwork
	})}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run := tooltest.Call(t, context.Background(), New(Options{Client: client}), tooltest.Env(t.TempDir()), tt.in)
			if !run.Result.IsError || !strings.HasPrefix(run.Text(), "<tool_use_error>") {
				t.Fatalf("got %v %q, want a tool_use_error", run.Result.IsError, run.Text())
			}
			golden(t, "input_"+tt.name, run.Text())
		})
	}
}

func TestProperties(t *testing.T) {
	tl := New(Options{})
	in := json.RawMessage(`{"url":"https://example.com","prompt":"p"}`)
	if tl.Name() != "WebFetch" || !tl.IsReadOnly(in) || !tl.IsConcurrencySafe(in) || tl.IsDestructive(in) {
		t.Errorf("name or flags wrong")
	}
	if tl.InterruptBehavior() != tool.Cancel {
		t.Errorf("interrupt = %v, want cancel", tl.InterruptBehavior())
	}
	if got := tl.CheckPermissions(context.Background(), in).Behavior; got != tool.PermissionPassthrough {
		t.Errorf("CheckPermissions = %v, want passthrough", got)
	}
	var s struct {
		Required             []string `json:"required"`
		AdditionalProperties bool     `json:"additionalProperties"`
	}
	if err := json.Unmarshal(tl.InputSchema(), &s); err != nil || len(s.Required) != 2 || s.AdditionalProperties {
		t.Errorf("schema = %+v, %v", s, err)
	}
}
