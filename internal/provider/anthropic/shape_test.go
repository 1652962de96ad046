package anthropic

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
)

// The request-shape oracle: testdata/claudecode/requests/recorded.json is
// what the real Claude Code 2.1.332 sent for each case of cases.json (its
// record.sh re-records it). Each case is sent through the adapter, over
// HTTP to the fake API, with the neutral settings corvid derives from the
// same flags and environment; the body and headers must match.

const requestsDir = "../../../testdata/claudecode/requests"

type shapeCase struct {
	Name        string `json:"name"`
	Model       string `json:"model"`
	MaxTokens   int    `json:"max_tokens"`
	LongContext bool   `json:"long_context"`
	Reasoning   struct {
		BudgetTokens int    `json:"budget_tokens"`
		Effort       string `json:"effort"`
	} `json:"reasoning"`
}

type recordedShape struct {
	Model             string          `json:"model"`
	MaxTokens         int             `json:"max_tokens"`
	Thinking          map[string]any  `json:"thinking"`
	ContextManagement json.RawMessage `json:"context_management"`
	OutputConfig      json.RawMessage `json:"output_config"`
	Temperature       *float64        `json:"temperature"`
	Betas             []string        `json:"betas"`
	SessionHeader     bool            `json:"session_header"`
	UserIDKeys        []string        `json:"user_id_keys"`
}

func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(requestsDir, name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func TestRequestShapeMatchesClaudeCode(t *testing.T) {
	var cases []shapeCase
	var recorded map[string]recordedShape
	readJSON(t, "cases.json", &cases)
	readJSON(t, "recorded.json", &recorded)
	if len(cases) < 20 || len(recorded) != len(cases) {
		t.Fatalf("%d cases, %d recorded", len(cases), len(recorded))
	}
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			want, ok := recorded[tc.Name]
			if !ok {
				t.Fatal("not recorded")
			}
			// The display of thinking (what text comes back) is left to the
			// API's default: corvid shows and records thinking.
			delete(want.Thinking, "display")
			got := sendShaped(t, tc)
			if got.Model != want.Model || got.MaxTokens != want.MaxTokens {
				t.Errorf("model %s max_tokens %d, want %s %d", got.Model, got.MaxTokens, want.Model, want.MaxTokens)
			}
			for _, f := range []struct {
				name      string
				got, want any
			}{
				{"thinking", got.Thinking, want.Thinking},
				{"context_management", normJSON(t, got.ContextManagement), normJSON(t, want.ContextManagement)},
				{"output_config", normJSON(t, got.OutputConfig), normJSON(t, want.OutputConfig)},
				{"temperature", got.Temperature, want.Temperature},
				{"anthropic-beta", got.Betas, want.Betas},
				{"session header", got.SessionHeader, want.SessionHeader},
				{"metadata.user_id keys", got.UserIDKeys, want.UserIDKeys},
			} {
				if !reflect.DeepEqual(f.got, f.want) {
					t.Errorf("%s:\n got %v\nwant %v", f.name, f.got, f.want)
				}
			}
		})
	}
}

// sendShaped sends tc through a Client and reads back what arrived.
func sendShaped(t *testing.T, tc shapeCase) recordedShape {
	t.Helper()
	srv := providertest.Start(t, providertest.Scenario{Turns: []providertest.Turn{{Blocks: []providertest.Block{providertest.Text("ok")}}}})
	c := newTestClient(t, srv.URL, func(cfg *Config) { cfg.DeviceID = "dev-1" })
	req := &provider.Request{Model: tc.Model, MaxTokens: tc.MaxTokens, LongContext: tc.LongContext,
		SessionID: "11111111-2222-3333-4444-555555555555",
		Reasoning: &provider.Reasoning{BudgetTokens: tc.Reasoning.BudgetTokens, Effort: tc.Reasoning.Effort},
		Messages:  []provider.Message{{Role: provider.RoleUser, Content: []provider.Block{provider.TextBlock("hi")}}}}
	if _, err := collect(c.Stream(context.Background(), req)); err != nil {
		t.Fatal(err)
	}
	r := srv.Requests()[0]
	var body struct {
		recordedShape
		Metadata map[string]string `json:"metadata"`
	}
	if err := json.Unmarshal(r.Body, &body); err != nil {
		t.Fatal(err)
	}
	got := body.recordedShape
	got.Betas = strings.Split(r.Header.Get("Anthropic-Beta"), ",")
	got.SessionHeader = r.Header.Get("X-Claude-Code-Session-Id") == req.SessionID
	var uid map[string]string
	if err := json.Unmarshal([]byte(body.Metadata["user_id"]), &uid); err != nil {
		t.Fatalf("metadata.user_id %q: %v", body.Metadata["user_id"], err)
	}
	if uid["session_id"] != req.SessionID || uid["device_id"] != "dev-1" {
		t.Errorf("metadata.user_id %v", uid)
	}
	for k := range uid {
		got.UserIDKeys = append(got.UserIDKeys, k)
	}
	sortStrings(got.UserIDKeys)
	return got
}

func normJSON(t *testing.T, raw json.RawMessage) any {
	t.Helper()
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func sortStrings(s []string) { slices.Sort(s) }
