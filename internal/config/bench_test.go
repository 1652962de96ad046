package config

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkLoad loads five layers holding 50 rules between them.
func BenchmarkLoad(b *testing.B) {
	m := newMachine(b)
	o := m.opts()
	allLayers(b, m, &o, func(name string) string {
		var rules []string
		for i := range 10 {
			rules = append(rules, fmt.Sprintf("%q", fmt.Sprintf("Bash(%s-%d *)", name, i)))
		}
		return `{
			// ` + name + `
			"permissions": {"allow": [` + strings.Join(rules, ",\n") + `], "deny": ["Read(./.env)"]},
			"env": {"K": "v"}, "model": "sonnet",
		}`
	})
	b.ReportAllocs()
	for b.Loop() {
		s, problems, _, err := Load(o)
		if err != nil || len(problems) != 0 || len(s.Allow) != 50 {
			b.Fatalf("problems %v, %d rules", problems, len(s.Allow))
		}
	}
}

// BenchmarkAddRule edits a settings file with comments.
func BenchmarkAddRule(b *testing.B) {
	data := []byte("{\n  // c\n  \"permissions\": {\n    \"allow\": [\n      \"Bash(ls)\", // x\n    ],\n  },\n}\n")
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := withRule(data, "allow", "Bash(make)"); err != nil {
			b.Fatal(err)
		}
	}
}
