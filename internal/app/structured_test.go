package app

import (
	"encoding/json"
	"strings"
	"testing"

	"corvid/internal/event"
	"corvid/internal/provider/providertest"
)

// A model that never gives the structured output is reminded after each
// miss, and after MaxRetries the turn ends in
// error_max_structured_output_retries.
func TestStructuredOutputRetries(t *testing.T) {
	var ts []providertest.Turn
	for range 6 {
		ts = append(ts, providertest.Turn{Blocks: []providertest.Block{providertest.Text("plain words")}})
	}
	srv := providertest.Start(t, providertest.Scenario{Turns: ts})
	opts := baseOptions(fakeAPI(srv))
	opts.NoSessionPersistence = true
	opts.JSONSchema = json.RawMessage(`{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}`)
	res, err := Run(t.Context(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Subtype != event.SubtypeMaxStructuredOutputRetries || !res.IsError || len(srv.Requests()) != 6 {
		t.Fatalf("result %+v after %d requests", res, len(srv.Requests()))
	}
	last, _ := json.Marshal(srv.Requests()[5].Messages)
	if strings.Count(string(last), "You MUST call the StructuredOutput tool") != 5 {
		t.Errorf("reminders in the last request: %s", last)
	}
}

// A schema that is not an object schema is refused before anything runs.
func TestStructuredOutputBadSchema(t *testing.T) {
	opts := baseOptions(creds)
	opts.JSONSchema = json.RawMessage(`{"type":"string"}`)
	if _, err := Run(t.Context(), opts); err == nil || !strings.Contains(err.Error(), "json-schema") {
		t.Fatalf("Run = %v, want a --json-schema error", err)
	}
}
