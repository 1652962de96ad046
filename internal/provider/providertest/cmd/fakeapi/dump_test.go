package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -record writes each request with its headers and body, the key
// redacted.
func TestRecordWritesRequests(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "reqs")
	url, code, stderr := runAsync(t, t.Context(), "-scenario", "builtin:hello", "-exit-when-done", "-record", dir)
	body := `{"model":"m","max_tokens":16,"stream":true,"messages":[{"role":"user","content":"hi"}]}`
	req, _ := http.NewRequest("POST", url+"/v1/messages?beta=true", strings.NewReader(body))
	req.Header.Set("X-Api-Key", "sekrit")
	req.Header.Set("Anthropic-Beta", "a-1,b-2")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if c := <-code; c != 0 {
		t.Fatalf("exit %d: %s", c, stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "request-000.json"))
	if err != nil {
		t.Fatal(err)
	}
	var got dumped
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if got.Path != "/v1/messages" || got.Query != "beta=true" || got.Header["Anthropic-Beta"][0] != "a-1,b-2" ||
		got.Header["X-Api-Key"][0] != "<redacted>" || strings.Contains(string(data), "sekrit") {
		t.Errorf("recorded %s", data)
	}
	var b map[string]any
	if json.Unmarshal(got.Body, &b) != nil || b["model"] != "m" {
		t.Errorf("body %s", got.Body)
	}
}
