package walk

import "testing"

func TestGlobMatch(t *testing.T) {
	tests := []struct {
		pat, name string
		want      bool
	}{
		{"abc", "abc", true},
		{"abc", "abd", false},
		{"", "", true},
		{"", "a", false},
		{"*", "", true},
		{"*", "anything", true},
		{"*.go", "main.go", true},
		{"*.go", "main.go.txt", false},
		{"a*b*c", "aXXbYYc", true},
		{"a*b*c", "aXXbYY", false},
		{"a*b", "abab", true},
		{"**", "abc", true},
		{"a**c", "abbc", true},
		{"*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaac", false},
		{"?", "a", true},
		{"?", "", false},
		{"?", "ab", false},
		{"a?c", "abc", true},
		{"?.txt", "é.txt", true}, // characters, not bytes, as rg counts them
		{"[abc]x", "bx", true},
		{"[abc]x", "dx", false},
		{"[a-c]x", "cx", true},
		{"[a-c]x", "Cx", false},
		{"[!a-c]x", "dx", true},
		{"[!a-c]x", "bx", false},
		{"[^a-c]x", "dx", true},
		{"[]]", "]", true},
		{"[!]]", "a", true},
		{"[!]]", "]", false},
		{"[a-]", "-", true},
		{"[-a]", "-", true},
		{`[\]]`, "]", true},
		{`[a\-z]`, "b", false},
		{`[a\-z]`, "-", true},
		{"[[:digit:]]x", "7x", true},
		{"[[:digit:]]x", "ax", false},
		{"[[:upper:][:digit:]]", "Q", true},
		{"[[:upper:][:digit:]]", "q", false},
		{"[[:alpha:]]", "é", true},
		{"[[:space:]]", " ", true},
		{"[[:xdigit:]]", "f", true},
		{"[[:xdigit:]]", "g", false},
		{"[[:punct:]]", "$", true},
		{"[[:bogus:]]", "a", false},
		{"[éa]", "é", true},
		{"[abc", "a", false}, // unterminated: matches nothing
		{"[", "[", false},
		{`\*`, "*", true},
		{`\*`, "a", false},
		{`\?`, "?", true},
		{`\[a]`, "[a]", true},
		{`a\`, "a", false},
		{`a\`, `a\`, false},
		{`\#x`, "#x", true},
		{"*[0-9]", "file7", true},
		{"*[0-9]", "file", false},
		{"a*", "a", true},
	}
	for _, tt := range tests {
		if got := globMatch(tt.pat, tt.name); got != tt.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", tt.pat, tt.name, got, tt.want)
		}
	}
}

func TestCompileSegment(t *testing.T) {
	tests := []struct {
		raw  string
		kind segKind
		text string
	}{
		{"main.go", segLiteral, "main.go"},
		{"*.go", segSuffix, ".go"},
		{`\#x`, segLiteral, "#x"},
		{`a\ `, segLiteral, "a "},
		{"*.g?", segGlob, "*.g?"},
		{"a*", segGlob, "a*"},
		{`a\`, segGlob, `a\`},
	}
	for _, tt := range tests {
		if got := compileSegment(tt.raw); got.kind != tt.kind || got.text != tt.text {
			t.Errorf("compileSegment(%q) = %+v, want kind %d text %q", tt.raw, got, tt.kind, tt.text)
		}
	}
}

func BenchmarkGlobMatch(b *testing.B) {
	for b.Loop() {
		globMatch("*_[a-z]est.g?", "walker_test.go")
	}
}
