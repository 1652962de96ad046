package config

import (
	"errors"
	"testing"
	"unicode/utf8"
)

// FuzzDocument: any input either parses or yields one positioned problem,
// and never panics.
func FuzzDocument(f *testing.F) {
	for _, s := range []string{"", "{}", `{"permissions": {"allow": ["Bash(ls)",],}, // c
}`, "[", `{"a": /* x */ 1}`, "{\"env\": {\"A\": 1}}"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, p := parseDocument("f", data)
		if (doc == nil) == (p == nil) {
			t.Fatalf("document %v and problem %v", doc, p)
		}
		if p != nil && p.Line < 1 {
			t.Fatalf("problem without a position: %v", p)
		}
		if doc != nil {
			doc.decode()
		}
	})
}

// FuzzAddRule: an edit either fails or means exactly the old settings
// plus the rule (withRule checks that itself; this makes sure it never
// panics and that a successful edit parses back with the rule).
func FuzzAddRule(f *testing.F) {
	for _, s := range []string{"", "{}", "{\n  \"permissions\": {\n    \"allow\": [\n      \"A\", // c\n    ],\n  },\n}\n",
		`{"permissions":{"allow":[]}}`, "{/*x*/\"permissions\"/*y*/:/*z*/{/*w*/}/*v*/}"} {
		f.Add([]byte(s), "Bash(x)")
	}
	f.Fuzz(func(t *testing.T, data []byte, rule string) {
		if !utf8.ValidString(rule) {
			t.Skip() // AddRule refuses such rules
		}
		out, changed, err := withRule(data, "allow", rule)
		if err != nil && !errors.Is(err, ErrMalformed) {
			t.Fatalf("edit failed its own check: %v\n%q", err, data)
		}
		if err != nil || !changed {
			return
		}
		doc, p := parseDocument("f", out)
		if p != nil {
			t.Fatalf("edited file does not parse: %v\n%s", p, out)
		}
		doc.decode()
	})
}
