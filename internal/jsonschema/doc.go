// Package jsonschema compiles and checks JSON Schemas, the subset that tool
// input schemas use: draft 2020-12 keywords plus the draft-07 spellings
// (definitions, array-form items, additionalItems, dependencies).
//
// Compile turns a schema document into an immutable *Schema; Validate checks
// a value decoded by encoding/json (map[string]any, []any, float64 or
// json.Number, string, bool, nil) and returns a *ValidationError whose
// problems each name the JSON pointer of the offending value in plain words
// meant for a model to act on.
//
// Only local references resolve: "#", JSON pointers such as "#/$defs/x"
// and plain-name anchors ($anchor). Annotations (description, default,
// format, title, examples...) and unknown keywords are ignored. A pattern
// that Go's RE2 cannot compile (MCP servers send ECMAScript patterns) is
// treated as matching everything. Patterns compile on first use, so the
// package does no work at program start.
package jsonschema
