package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
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
			_, problems, failures := doc.decode()
			for _, p := range append(problems, failures...) {
				if p.Line < 1 {
					t.Fatalf("problem without a position: %v", p)
				}
			}
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

// FuzzLeanParse: the lean parser (for big files) accepts exactly the
// files the syntax tree parser accepts, and reads the same keys and the
// same settings from them.
func FuzzLeanParse(f *testing.F) {
	for _, s := range []string{"{}", `{"permissions": {"deny": ["Bash",], "allow": [],}, // c
}`, "{\"a\": [1,/* x */]}", "[,]", `{"a":,}`, "{\"a\": 1} // no newline", "{\"a\": /* \xff */ 1}",
		`{"permissions": {"deny": ["a"], "deny": []}}`, "{\"a\": \"//\", \"b\": \"/*\"}", "null", " {\"x\": [1,\n]}\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tree, p1 := parse("f", bytes.Clone(data), false)
		lean, p2 := parse("f", bytes.Clone(data), true)
		if (tree == nil) != (lean == nil) {
			t.Fatalf("tree parser %v, lean parser %v on %q", p1, p2, data)
		}
		if p2 != nil && p2.Line < 1 {
			t.Fatalf("lean problem without a position: %v", p2)
		}
		if tree == nil {
			return
		}
		if d := cmp.Diff(compactKeys(t, tree.keys), compactKeys(t, lean.keys)); d != "" {
			t.Fatalf("keys of %q (-tree +lean):\n%s", data, d)
		}
		fs1, probs1, fails1 := tree.decode()
		fs2, probs2, fails2 := lean.decode()
		if len(probs1) != len(probs2) || len(fails1) != len(fails2) {
			t.Fatalf("%q: tree %v %v, lean %v %v", data, probs1, fails1, probs2, fails2)
		}
		fs1.raw, fs2.raw = nil, nil
		if d := cmp.Diff(fs1, fs2, cmp.AllowUnexported(fileSettings{})); d != "" {
			t.Fatalf("settings of %q (-tree +lean):\n%s", data, d)
		}
	})
}

// compactKeys is keys with each value compacted.
func compactKeys(t *testing.T, keys map[string]json.RawMessage) map[string]string {
	out := map[string]string{}
	for k, v := range keys {
		var b bytes.Buffer
		if err := json.Compact(&b, v); err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		out[k] = b.String()
	}
	return out
}
