package hookrun

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"corvid/internal/hook"
)

// An http hook POSTs the input; headers interpolate only allowed
// variables; a 2xx JSON answer decides, anything else does not.
func TestHTTP(t *testing.T) {
	var gotBody, gotAuth, gotOther string
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		gotBody, gotAuth, gotOther = string(b), r.Header.Get("Authorization"), r.Header.Get("X-Other")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{"decision":"block","reason":"from http"}`))
	}))
	defer srv.Close()
	env := map[string]string{"TOKEN": "t0k", "SECRET": "s3cret"}
	h := hook.Handler{Type: hook.TypeHTTP, URL: srv.URL, Event: "Stop", File: "s.json",
		Headers:        map[string]string{"Authorization": "Bearer $TOKEN", "X-Other": "${SECRET}x"},
		AllowedEnvVars: []string{"TOKEN"}}
	rec := &recorder{}
	r := New(Options{Handlers: map[string]hook.Handler{"h": h}, Getenv: func(k string) string { return env[k] }, Observer: rec})
	defer r.Close()
	out, err := r.RunHook(context.Background(), "h", "", json.RawMessage(`{"hook_event_name":"Stop"}`))
	if err != nil || !strings.Contains(string(out), "from http") {
		t.Errorf("decision %s, %v", out, err)
	}
	if gotBody != `{"hook_event_name":"Stop"}` || gotAuth != "Bearer t0k" || gotOther != "x" {
		t.Errorf("request: body %q auth %q other %q", gotBody, gotAuth, gotOther)
	}
	status = http.StatusInternalServerError
	out, err = r.RunHook(context.Background(), "h", "", json.RawMessage(`{"hook_event_name":"Stop"}`))
	if out != nil || err == nil || !strings.Contains(rec.last().Message, "answered HTTP 500") {
		t.Errorf("500: %s %v %q", out, err, rec.last().Message)
	}
}

// A prompt hook asks the model; ok:false denies a PreToolUse call.
func TestPrompt(t *testing.T) {
	var asked string
	h := hook.Handler{Type: hook.TypePrompt, Prompt: "Is this safe? $ARGUMENTS", Event: "PreToolUse", File: "s.json"}
	r := New(Options{Handlers: map[string]hook.Handler{"h": h},
		Complete: func(_ context.Context, _, prompt string) (string, error) {
			asked = prompt
			return "Here: {\"ok\": false, \"reason\": \"rm is not safe\"}", nil
		}})
	defer r.Close()
	in := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`
	out, err := r.RunHook(context.Background(), "h", "", json.RawMessage(in))
	if err != nil || !strings.Contains(string(out), `"permissionDecision":"deny","permissionDecisionReason":"rm is not safe"`) {
		t.Errorf("decision %s, %v", out, err)
	}
	if !strings.Contains(asked, `Is this safe? {"hook_event_name"`) || !strings.Contains(asked, `"ok": false`) {
		t.Errorf("prompt = %q", asked)
	}
}

// The policy keeps an http handler from URLs and variables it does not
// allow: no request is sent, the message says why.
func TestHTTPPolicyEnforced(t *testing.T) {
	calls := 0
	var auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls++
		auth = r.Header.Get("Authorization")
	}))
	defer srv.Close()
	allowed, vars := []string{srv.URL + "/ok/*"}, []string{"OTHER"}
	hs := map[string]hook.Handler{
		"bad": {Type: hook.TypeHTTP, URL: srv.URL + "/nope", Event: "Stop", File: "s.json"},
		"ok": {Type: hook.TypeHTTP, URL: srv.URL + "/ok/1", Event: "Stop", File: "s.json",
			Headers: map[string]string{"Authorization": "$TOKEN"}, AllowedEnvVars: []string{"TOKEN"}},
	}
	rec := &recorder{}
	r := New(Options{Handlers: hs, Observer: rec, Getenv: func(string) string { return "secret" },
		HTTP: hook.HTTPPolicy{URLs: [][]string{allowed}, EnvVars: [][]string{vars}}})
	defer r.Close()
	in := json.RawMessage(`{"hook_event_name":"Stop"}`)
	if _, err := r.RunHook(context.Background(), "bad", "", in); err == nil || calls != 0 ||
		!strings.Contains(rec.last().Message, "not in allowedHttpHookUrls") {
		t.Errorf("disallowed url: err %v, %d calls, %q", err, calls, rec.last().Message)
	}
	if _, err := r.RunHook(context.Background(), "ok", "", in); err != nil || calls != 1 || auth != "" {
		t.Errorf("allowed url: err %v, %d calls, auth %q (TOKEN is not in httpHookAllowedEnvVars)", err, calls, auth)
	}
}
