package mcp

import (
	"encoding/json"
	"testing"

	gjs "github.com/google/jsonschema-go/jsonschema"

	"corvid/internal/jsonschema"
)

// The two validators the binary could use for MCP tool input: corvid's
// internal/jsonschema (what the tool pipeline uses) and
// google/jsonschema-go (which the go-sdk links for elicitation). The
// schema is shaped like server-filesystem's edit_file (draft-07, nested
// array of objects, defaults, descriptions).
var (
	benchSchema = json.RawMessage(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object",
	"properties":{"path":{"type":"string","description":"file"},
	"edits":{"type":"array","items":{"type":"object","properties":{
		"oldText":{"type":"string","description":"Text to search for"},
		"newText":{"type":"string","description":"Text to replace with"}},
		"required":["oldText","newText"],"additionalProperties":false}},
	"dryRun":{"type":"boolean","default":false},
	"mode":{"type":"string","enum":["a","b","c"]},
	"count":{"type":"number","minimum":1,"maximum":10}},
	"required":["path","edits"],"additionalProperties":false}`)
	benchInput = json.RawMessage(`{"path":"/tmp/x.go","edits":[{"oldText":"foo","newText":"bar"},
	{"oldText":"baz","newText":"qux"}],"dryRun":true,"mode":"b","count":3}`)
)

func decode(b *testing.B, raw json.RawMessage) any {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		b.Fatal(err)
	}
	return v
}

func BenchmarkCompileCorvid(b *testing.B) {
	for b.Loop() {
		if _, err := jsonschema.Compile(benchSchema); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCompileJSONSchemaGo(b *testing.B) {
	for b.Loop() {
		var s gjs.Schema
		if err := json.Unmarshal(benchSchema, &s); err != nil {
			b.Fatal(err)
		}
		if _, err := s.Resolve(nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidateCorvid(b *testing.B) {
	s, err := jsonschema.Compile(benchSchema)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := s.Validate(decode(b, benchInput)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkValidateJSONSchemaGo(b *testing.B) {
	var s gjs.Schema
	if err := json.Unmarshal(benchSchema, &s); err != nil {
		b.Fatal(err)
	}
	r, err := s.Resolve(nil)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if err := r.Validate(decode(b, benchInput)); err != nil {
			b.Fatal(err)
		}
	}
}
