package app

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"corvid/internal/provider"
	"corvid/internal/provider/anthropic"
	"corvid/internal/provider/providertest"
)

// --debug api logs every attempt, its failure and its completion.
func TestAPIAttemptsAreLogged(t *testing.T) {
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{
		{Status: 500}, {Blocks: []providertest.Block{providertest.Text("ok")}}}})
	client, err := anthropic.New(anthropic.Config{APIKey: "k", BaseURL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	p := withAPIDebug(Options{Debug: "api", Stderr: &log}, client)
	pol := provider.RetryPolicy{Sleep: func(context.Context, time.Duration) error { return nil }}
	req := &provider.Request{Model: "claude-test", MaxTokens: 10,
		Messages: []provider.Message{{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock("hi")}}}}
	for _, err := range provider.StreamWithRetry(t.Context(), p, req, pol) {
		if err != nil {
			t.Fatal(err)
		}
	}
	got := log.String()
	for _, want := range []string{
		"[api] request 1: POST /v1/messages model=claude-test messages=1\n",
		"[api] request 1 failed after ",
		"500 api_error: Internal server error [request-id req_fake000000]\n",
		"[api] request 2: POST /v1/messages",
		"[api] request 2: stream open after ",
		"[api] request 2: complete after ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("log lacks %q:\n%s", want, got)
		}
	}
	if _, wrapped := withAPIDebug(Options{Debug: "permissions", Stderr: &log}, client).(*loggedProvider); wrapped {
		t.Error("--debug permissions must not log API attempts")
	}
}
