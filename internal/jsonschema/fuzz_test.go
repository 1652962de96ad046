package jsonschema

import (
	"encoding/json"
	"testing"
)

// FuzzCompileValidate checks that no schema and instance make Compile or
// Validate panic or hang, and that the error text is stable.
func FuzzCompileValidate(f *testing.F) {
	for _, c := range specCases {
		f.Add(c.schema, c.instance)
	}
	f.Add(`{"$ref":"#"}`, `{}`)
	f.Add(`{"$defs":{"a":{"anyOf":[{"$ref":"#/$defs/a"},{"items":{"$ref":"#/$defs/a"}}]}},"$ref":"#/$defs/a"}`, `[[[1]]]`)
	f.Add(`{"patternProperties":{"(?!x)":{"type":"string"}},"pattern":"[","additionalProperties":false}`, `{"a":"(("}`)
	f.Add(`{"type":"object","required":["a"],"properties":{"a":{"enum":["x",1,null]}}}`, `{"a":[{"b":2}]}`)
	f.Fuzz(func(t *testing.T, schema, instance string) {
		s, err := Compile(json.RawMessage(schema))
		if err != nil {
			return
		}
		var v any
		if json.Unmarshal([]byte(instance), &v) != nil {
			return
		}
		first := s.Validate(v)
		second := s.Validate(v)
		if (first == nil) != (second == nil) {
			t.Fatalf("Validate is not repeatable: %v then %v", first, second)
		}
		if first != nil && (first.Error() == "" || first.Error() != second.Error()) {
			t.Fatalf("unstable or empty error text: %q then %q", first, second)
		}
	})
}
