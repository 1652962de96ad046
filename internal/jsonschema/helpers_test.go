package jsonschema

import (
	"encoding/json"
	"testing"
)

func mustCompile(t testing.TB, schema string) *Schema {
	t.Helper()
	s, err := Compile(json.RawMessage(schema))
	if err != nil {
		t.Fatalf("Compile(%s): %v", schema, err)
	}
	return s
}

// decode reads an instance the way the executor does.
func decode(t testing.TB, instance string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(instance), &v); err != nil {
		t.Fatalf("bad test instance %s: %v", instance, err)
	}
	return v
}

// validate compiles schema and checks instance against it.
func validate(t testing.TB, schema, instance string) error {
	t.Helper()
	return mustCompile(t, schema).Validate(decode(t, instance))
}

// keywordCase lists instances a schema must accept and reject.
type keywordCase struct {
	name    string
	schema  string
	valid   []string
	invalid []string
}

func runKeywordCases(t *testing.T, cases []keywordCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := mustCompile(t, c.schema)
			for _, in := range c.valid {
				if err := s.Validate(decode(t, in)); err != nil {
					t.Errorf("%s should accept %s; got %v", c.schema, in, err)
				}
			}
			for _, in := range c.invalid {
				if err := s.Validate(decode(t, in)); err == nil {
					t.Errorf("%s should reject %s", c.schema, in)
				}
			}
		})
	}
}
