package jsonschema

import (
	"errors"
	"strings"
	"testing"
)

func TestErrorTexts(t *testing.T) {
	const obj = `{"type":"object","properties":{"file_path":{"type":"string"},"limit":{"type":"integer"},` +
		`"mode":{"enum":["a","b"]}},"required":["file_path"],"additionalProperties":false}`
	cases := []struct{ schema, instance, want string }{
		{obj, `{}`, `/: missing required property "file_path"`},
		{obj, `{"file_path":"x","limit":"ten"}`, `/limit: expected integer, got string`},
		{obj, `{"file_path":"x","limit":1.5}`, `/limit: expected integer, got number`},
		{obj, `{"file_path":"x","mode":"x"}`, `/mode: value "x" is not one of "a", "b"`},
		{obj, `{"file_path":"x","foo":1}`,
			`/: unexpected property "foo" (additionalProperties is false; allowed: "file_path", "limit", "mode")`},
		{`{"additionalProperties":false}`, `{"foo":1}`, `/: unexpected property "foo" (additionalProperties is false)`},
		{`{"type":["string","null"]}`, `3`, `/: expected string or null, got integer`},
		{`{"type":["string","null","array"]}`, `{}`, `/: expected one of string, null, array, got object`},
		{`{"anyOf":[{"type":"string"},{"type":"null"}]}`, `true`, `/: expected string or null, got boolean`},
		{`{"anyOf":[{"type":"string"},{"required":["a"]}]}`, `{}`,
			`/: value matches none of the 2 allowed alternatives (1: expected string, got object; ` +
				`2: missing required property "a")`},
		{`{"oneOf":[{"minimum":0},{"maximum":5}]}`, `3`,
			`/: value matches more than one oneOf alternative (1 and 2); it must match exactly one`},
		{`{"const":"x"}`, `"y"`, `/: value "y" must be "x"`},
		{`{"not":{"type":"string"}}`, `"s"`, `/: value must not match the schema under "not"`},
		{`{"minimum":3}`, `2`, `/: value 2 is less than the minimum 3`},
		{`{"exclusiveMaximum":3}`, `3`, `/: value 3 must be less than 3`},
		{`{"multipleOf":0.5}`, `0.7`, `/: value 0.7 is not a multiple of 0.5`},
		{`{"minLength":3}`, `"ab"`, `/: string has 2 characters, at least 3 required`},
		{`{"pattern":"^a"}`, `"<b>"`, `/: string "<b>" does not match the pattern "^a"`},
		{`{"maxItems":1}`, `[1,2]`, `/: array has 2 items, at most 1 allowed`},
		{`{"uniqueItems":true}`, `[1,2,1]`, `/: items 0 and 2 are equal, but the array must not repeat items`},
		{`{"contains":{"type":"string"}}`, `[1]`, `/: array has no item matching the "contains" schema`},
		{`{"prefixItems":[{}],"items":false}`, `[1,2]`, `/: array has 2 items, at most 1 allowed`},
		{`{"propertyNames":{"pattern":"^[a-z]+$"}}`, `{"A":1}`,
			`/: property name "A" is not allowed: string "A" does not match the pattern "^[a-z]+$"`},
		{`{"dependentRequired":{"a":["b"]}}`, `{"a":1}`, `/: property "b" is required when "a" is present`},
		{`false`, `1`, `/: no value is allowed here`},
		{`{"properties":{"a/b~c":{"type":"string"}}}`, `{"a/b~c":1}`, `/a~1b~0c: expected string, got integer`},
		{`{"properties":{"edits":{"items":{"properties":{"old":{"type":"string"}}}}}}`,
			`{"edits":[{"old":"x"},{"old":null}]}`, `/edits/1/old: expected string, got null`},
	}
	for _, c := range cases {
		err := validate(t, c.schema, c.instance)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s with %s:\n got %v\nwant %s", c.schema, c.instance, err, c.want)
		}
	}
}

func TestProblemsAreOrderedAndCapped(t *testing.T) {
	schema := `{"properties":{"a":{"type":"string"},"b":{"type":"string"},"c":{"type":"string"},` +
		`"d":{"type":"string"},"e":{"type":"string"},"f":{"type":"string"}},"required":["z"]}`
	err := validate(t, schema, `{"f":1,"e":1,"d":1,"c":1,"b":1,"a":1}`)
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("want a *ValidationError, got %T %v", err, err)
	}
	if !ve.More || len(ve.Problems) != maxProblems {
		t.Fatalf("want %d problems and More, got %d, More=%v", maxProblems, len(ve.Problems), ve.More)
	}
	want := []string{"", "/a", "/b", "/c", "/d"}
	for i, p := range ve.Problems {
		if p.Path != want[i] {
			t.Errorf("problem %d at %q, want %q (required first, then properties by name)", i, p.Path, want[i])
		}
	}
	if !strings.HasSuffix(err.Error(), "; (further problems not shown)") {
		t.Errorf("error should say more problems exist: %v", err)
	}
}

func TestLongValuesAreShortenedInMessages(t *testing.T) {
	long := strings.Repeat("é", 200)
	err := validate(t, `{"enum":["a"]}`, `"`+long+`"`)
	if err == nil || len(err.Error()) > 150 || !strings.Contains(err.Error(), "...") {
		t.Fatalf("a long value should be cut short: %v", err)
	}
	if !strings.Contains(err.Error(), "is not one of \"a\"") {
		t.Fatalf("message lost its point: %v", err)
	}
}

func TestUnsupportedGoValue(t *testing.T) {
	s := mustCompile(t, `{"properties":{"a":{}}}`)
	err := s.Validate(map[string]any{"a": struct{}{}})
	if err == nil || !strings.Contains(err.Error(), "/a: cannot check a value of Go type struct {}") {
		t.Fatalf("got %v", err)
	}
	if err := s.Validate(map[string]any{"a": int64(3)}); err != nil {
		t.Fatalf("Go integers are numbers: %v", err)
	}
}
