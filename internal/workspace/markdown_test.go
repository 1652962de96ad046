package workspace

import (
	"slices"
	"testing"
)

func TestImportPaths(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string
	}{
		{"start and after space", "@a.md then @b/c.md\n\t@~/d.md", []string{"a.md", "b/c.md", "~/d.md"}},
		{"not after a word", "mail me: x@y.com or a@b", nil},
		{"bare at", "an @ alone", nil},
		{"code span", "use `@span.md` but @real.md", []string{"real.md"}},
		{"double backtick span", "``x @span.md ` y`` @real.md", []string{"real.md"}},
		{"unmatched backtick", "a ` @real.md", []string{"real.md"}},
		{"backtick fence", "```\n@fenced.md\n```\n@after.md", []string{"after.md"}},
		{"tilde fence", "~~~md\n@fenced.md\n~~~\n@after.md", []string{"after.md"}},
		{"longer closing needed", "````\n```\n@fenced.md\n````\n@after.md", []string{"after.md"}},
		{"indented four is not a fence", "    ```\n@real.md", []string{"real.md"}},
		{"unclosed fence hides the rest", "```\n@hidden.md", nil},
	}
	for _, c := range cases {
		if got := importPaths(c.text); !slices.Equal(got, c.want) {
			t.Errorf("%s: importPaths = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestStripComments(t *testing.T) {
	cases := []struct {
		name, in, want string
	}{
		{"single line", "a\n<!-- gone -->\nb", "a\nb"},
		{"multi line", "a\n<!-- gone\nstill gone\n-->\nb", "a\nb"},
		{"text after close kept", "<!-- gone --> kept\nb", " kept\nb"},
		{"indented up to three", "   <!-- gone -->\nb", "b"},
		{"inline kept", "a <!-- stays --> b", "a <!-- stays --> b"},
		{"in fence kept", "```\n<!-- stays -->\n```", "```\n<!-- stays -->\n```"},
		{"unterminated kept", "<!-- open\nb", "<!-- open\nb"},
	}
	for _, c := range cases {
		if got := stripComments(c.in); got != c.want {
			t.Errorf("%s: stripComments = %q, want %q", c.name, got, c.want)
		}
	}
}

func TestFrontmatter(t *testing.T) {
	cases := []struct {
		in, front, body string
		paths           bool
	}{
		{"---\npaths:\n  - src/**\n---\nbody", "paths:\n  - src/**", "body", true},
		{"---\ndescription: x\n---\nbody", "description: x", "body", false},
		{"---\nnested:\n  paths: x\n---\nbody", "nested:\n  paths: x", "body", false},
		{"---\npaths : [a]\n---\n", "paths : [a]", "", true},
		{"no frontmatter\n---\n", "", "no frontmatter\n---\n", false},
		{"---\nnever closed", "", "---\nnever closed", false},
	}
	for _, c := range cases {
		front, body := splitFrontmatter(c.in)
		if front != c.front || body != c.body || hasPathsKey(front) != c.paths {
			t.Errorf("split %q = %q, %q (paths %v)", c.in, front, body, hasPathsKey(front))
		}
	}
}

func BenchmarkImportPaths(b *testing.B) {
	text := ""
	for range 200 {
		text += "Some words with `code @x` and @docs/file.md here.\n```\n@fenced\n```\n"
	}
	for b.Loop() {
		_ = importPaths(text)
	}
}
