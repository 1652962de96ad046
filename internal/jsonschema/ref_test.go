package jsonschema

import (
	"errors"
	"strings"
	"testing"
)

func TestRefs(t *testing.T) {
	runKeywordCases(t, []keywordCase{
		{"$defs", `{"$defs":{"pos":{"type":"integer","minimum":1}},"properties":{"n":{"$ref":"#/$defs/pos"}}}`,
			[]string{`{"n":1}`}, []string{`{"n":0}`, `{"n":"1"}`}},
		{"draft-07 definitions", `{"definitions":{"s":{"type":"string"}},"items":{"$ref":"#/definitions/s"}}`,
			[]string{`["a"]`}, []string{`[1]`}},
		{"pointer escapes", `{"$defs":{"a/b":{"type":"string"},"c~d":{"type":"integer"},"e f":{"type":"null"}},` +
			`"prefixItems":[{"$ref":"#/$defs/a~1b"},{"$ref":"#/$defs/c~0d"},{"$ref":"#/$defs/e%20f"}]}`,
			[]string{`["x",1,null]`}, []string{`[1]`, `["x","y"]`, `["x",1,1]`}},
		{"into an array", `{"x-list":[{"type":"integer"},{"type":"string"}],"items":{"$ref":"#/x-list/1"}}`, []string{`["a"]`},
			[]string{`[1]`}},
		{"recursive tree", `{"type":"object","properties":{"v":{"type":"integer"},` +
			`"kids":{"type":"array","items":{"$ref":"#"}}},"additionalProperties":false}`,
			[]string{`{"v":1,"kids":[{"v":2,"kids":[{"v":3}]}]}`}, []string{`{"kids":[{"kids":[{"v":"x"}]}]}`}},
		{"ref with siblings", `{"$defs":{"s":{"type":"string"}},"$ref":"#/$defs/s","maxLength":2}`,
			[]string{`"ab"`}, []string{`"abc"`, `1`}},
		{"chained refs", `{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"type":"boolean"}},"$ref":"#/$defs/a"}`,
			[]string{`true`}, []string{`1`}},
		{"anchor", `{"$defs":{"x":{"$anchor":"thing","type":"string"}},"$ref":"#thing"}`, []string{`"a"`},
			[]string{`1`}},
		{"root id", `{"$id":"https://example.com/s.json","$defs":{"x":{"type":"null"}},` +
			`"$ref":"https://example.com/s.json#/$defs/x"}`, []string{`null`}, []string{`1`}},
		{"boolean target", `{"$defs":{"no":false},"properties":{"a":{"$ref":"#/$defs/no"}}}`,
			[]string{`{}`}, []string{`{"a":1}`}},
		{"into an unknown keyword", `{"x-lib":{"t":{"type":"string"}},"$ref":"#/x-lib/t"}`, []string{`"a"`},
			[]string{`1`}},
	})
}

func TestRefCycleIsAnErrorNotAStackOverflow(t *testing.T) {
	for _, schema := range []string{
		`{"$ref":"#"}`,
		`{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}`,
		`{"$defs":{"a":{"anyOf":[{"$ref":"#/$defs/a"},{"$ref":"#/$defs/a"}]}},"$ref":"#/$defs/a"}`,
		`{"$defs":{"a":{"not":{"$ref":"#/$defs/a"}}},"$ref":"#/$defs/a"}`,
	} {
		err := validate(t, schema, `{"x":1}`)
		if err == nil || !strings.Contains(err.Error(), "reference cycle") {
			t.Errorf("%s: want a reference-cycle error, got %v", schema, err)
		}
	}
}

func TestDeepValueIsAnErrorNotAStackOverflow(t *testing.T) {
	s := mustCompile(t, `{"items":{"$ref":"#"}}`)
	v := any([]any{})
	for range maxValueDepth + 10 {
		v = []any{v}
	}
	err := s.Validate(v)
	if err == nil || !strings.Contains(err.Error(), "nested more than") {
		t.Fatalf("got %v", err)
	}
}

func TestStepBudgetStopsExponentialSchemas(t *testing.T) {
	// Each level offers two ways down, so a naive check of an invalid
	// value tries 2^30 paths; the budget cuts it short.
	v := any(1.5)
	for range 30 {
		v = []any{v}
	}
	s := mustCompile(t, `{"$defs":{"n":{"anyOf":[{"type":"integer"},{"type":"array","items":{"$ref":"#/$defs/n"}},`+
		`{"type":"array","items":{"$ref":"#/$defs/n"}}]}},"$ref":"#/$defs/n"}`)
	err := s.Validate(v)
	if err == nil || !strings.Contains(err.Error(), "too complex") {
		t.Fatalf("got %v", err)
	}
}

func TestCompileErrors(t *testing.T) {
	cases := []struct{ schema, want string }{
		{`{`, "schema is not valid JSON"},
		{`3`, "a schema must be an object or a boolean, got number"},
		{`{"type":"str"}`, `unknown type "str"`},
		{`{"type":3}`, `"type" must be a type name or an array of them`},
		{`{"properties":[]}`, `invalid schema at /: "properties" must be an object, got array`},
		{`{"properties":{"a":{"minimum":"1"}}}`, `invalid schema at /properties/a: "minimum" must be a number`},
		{`{"required":"a"}`, `"required" must be an array of strings`},
		{`{"minLength":-1}`, `"minLength" must be a non-negative integer, got -1`},
		{`{"maxItems":1.5}`, `"maxItems" must be a non-negative integer`},
		{`{"multipleOf":0}`, `"multipleOf" must be greater than 0`},
		{`{"anyOf":[]}`, `"anyOf" must be a non-empty array of schemas`},
		{`{"items":[1]}`, `invalid schema at /items/0: a schema must be an object or a boolean`},
		{`{"pattern":5}`, `"pattern" must be a string`},
		{`{"enum":"a"}`, `"enum" must be an array`},
		{`{"uniqueItems":"yes"}`, `"uniqueItems" must be a boolean`},
		{`{"$ref":"#/$defs/missing"}`, `cannot resolve $ref "#/$defs/missing"`},
		{`{"$ref":"other.json#/x"}`, `only references within the schema are supported`},
		{`{"$ref":"#nope"}`, `no such anchor`},
		{`{"$ref":"#/$defs/%zz"}`, `cannot resolve $ref "#/$defs/%zz"`},
		{`{"$defs":{"bad":{"type":"nope"}}}`, `invalid schema at /$defs/bad: unknown type "nope"`},
		{`{"dependentRequired":{"a":"b"}}`, `"dependentRequired" entry "a" must be an array of strings`},
	}
	for _, c := range cases {
		_, err := Compile([]byte(c.schema))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Compile(%s) = %v, want an error containing %q", c.schema, err, c.want)
		}
	}
}

func TestValidateReturnsValidationError(t *testing.T) {
	err := validate(t, `{"type":"string"}`, `1`)
	var ve *ValidationError
	if !errors.As(err, &ve) || len(ve.Problems) != 1 || ve.Problems[0].Path != "" || ve.More {
		t.Fatalf("got %#v", err)
	}
	var nilSchema *Schema
	if err := nilSchema.Validate(1); err != nil {
		t.Fatalf("a nil schema accepts everything, got %v", err)
	}
}
