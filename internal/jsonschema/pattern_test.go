package jsonschema

import (
	"encoding/json"
	"sync"
	"testing"
)

func TestPatternsCompileOnFirstUse(t *testing.T) {
	s := mustCompile(t, `{"properties":{"a":{"pattern":"^x+$"}}}`)
	p := s.root.obj.props["a"].str.pattern
	if p.re != nil {
		t.Fatal("Compile must not compile patterns")
	}
	if err := s.Validate(decode(t, `{"b":"y"}`)); err != nil || p.re != nil {
		t.Fatalf("a value that never reaches the pattern must not compile it (err %v)", err)
	}
	if err := s.Validate(decode(t, `{"a":"xx"}`)); err != nil {
		t.Fatal(err)
	}
	first := p.re
	if first == nil {
		t.Fatal("the pattern should be compiled after use")
	}
	if err := s.Validate(decode(t, `{"a":"y"}`)); err == nil || p.re != first {
		t.Fatalf("the compiled pattern should be cached and enforced (err %v)", err)
	}
}

func TestECMAScriptOnlyPatternsAreNotEnforced(t *testing.T) {
	runKeywordCases(t, []keywordCase{
		// Lookahead and backreferences are not RE2.
		{"lookahead", `{"pattern":"^(?!foo).*$"}`, []string{`"foo"`, `"bar"`}, nil},
		{"backreference", `{"pattern":"(a)\\1"}`, []string{`"ab"`}, nil},
		{"usable sibling still applies", `{"pattern":"(?<=x)y","maxLength":2}`, []string{`"zz"`}, []string{`"zzz"`}},
		// An unusable patternProperties key covers every name but applies nothing.
		{"patternProperties", `{"patternProperties":{"^(?!x)":{"type":"string"}},"additionalProperties":false}`,
			[]string{`{"a":1}`, `{"x":2}`}, nil},
	})
}

func TestIntegerAndFloat(t *testing.T) {
	s := mustCompile(t, `{"type":"integer","maximum":10}`)
	cases := []struct {
		v     any
		valid bool
	}{
		{float64(3), true}, {3.5, false}, {float64(11), false},
		{json.Number("7"), true}, {json.Number("7.0"), true}, {json.Number("7.25"), false},
		{json.Number("1e1"), true}, {json.Number("12"), false},
		{int(4), true}, {int64(-4), true}, {float32(2.5), false}, {"3", false},
	}
	for _, c := range cases {
		if err := s.Validate(c.v); (err == nil) != c.valid {
			t.Errorf("%T %v: valid=%v, got %v", c.v, c.v, c.valid, err)
		}
	}
	if err := mustCompile(t, `{"const":2}`).Validate(json.Number("2.0")); err != nil {
		t.Errorf("json.Number compares by value: %v", err)
	}
	err := mustCompile(t, `{"minimum":5}`).Validate(json.Number("4.50"))
	if err == nil || err.Error() != "/: value 4.50 is less than the minimum 5" {
		t.Errorf("a json.Number is shown as written: %v", err)
	}
}

func TestConcurrentValidate(t *testing.T) {
	s := mustCompile(t, `{"properties":{"a":{"pattern":"^[0-9]+$"}},"patternProperties":{"^x":{"type":"string"}}}`)
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			if err := s.Validate(map[string]any{"a": "123", "xy": "s"}); err != nil {
				errs[i] = err
				return
			}
			if s.Validate(map[string]any{"a": "12a"}) == nil {
				errs[i] = errNotRejected
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}

var errNotRejected = &ValidationError{Problems: []Problem{{Message: "an invalid value was accepted"}}}
