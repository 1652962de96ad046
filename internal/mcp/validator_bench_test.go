package mcp

import (
	"encoding/json"
	"testing"

	"corvid/internal/jsonschema"
)

// The validator MCP tool input goes through is corvid's own
// internal/jsonschema, the one the tool pipeline uses; the go-sdk's
// google/jsonschema-go left the binary with the go-sdk (issue 14). The
// two were measured side by side on this workload before it went
// (2026-11-26, linux/amd64, allocations are load-independent):
//
//	compile (an MCP server's schema)  corvid 222 allocs, 13.5 KB   jsonschema-go 1485 allocs, 59.6 KB (~5-15x slower)
//	validate (one tool input)         corvid  35 allocs,  1.5 KB   jsonschema-go  178 allocs,  5.9 KB (~2x slower)
//	package init at start-up          corvid  none                 jsonschema-go 0.18 ms, 81 KB, 296 allocs
//
// The schema is shaped like server-filesystem's edit_file (draft-07,
// nested array of objects, defaults, descriptions).
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
