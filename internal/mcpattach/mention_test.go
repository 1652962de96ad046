package mcpattach

import (
	"reflect"
	"testing"
)

func TestMentions(t *testing.T) {
	known := func(s string) bool { return s == "everything" || s == "fs" }
	m := func(s, u string) Mention { return Mention{Server: s, URI: u} }
	for _, tc := range []struct {
		text string
		want []Mention
	}{
		{"read @everything:test://static/resource/1 now", []Mention{m("everything", "test://static/resource/1")}},
		{"@everything:test://a, and @fs:file:///tmp/x.txt.", []Mention{m("everything", "test://a"), m("fs", "file:///tmp/x.txt")}},
		{`see @"fs:file:///my docs/a b.txt" please`, []Mention{m("fs", "file:///my docs/a b.txt")}},
		{"twice @fs:x://a @fs:x://a", []Mention{m("fs", "x://a")}},
		// A configured server needs no scheme://.
		{"@fs:notes", []Mention{m("fs", "notes")}},
		// Unknown servers only with a URI that has a scheme.
		{"@nosuch:demo://x", []Mention{m("nosuch", "demo://x")}},
		{"@main.go:12 @file.txt:10 @C:\\path @nosuch:notes", nil},
		// Not at a word's start, an e-mail, a bare @, a file mention.
		{"mail a@fs:x://y or @ or @src/main.go or @fs: or @:x://y", nil},
		{"tab\t@fs:x://t\nline\n@fs:x://n", []Mention{m("fs", "x://t"), m("fs", "x://n")}},
		{`unclosed @"fs:x://a b`, nil},
		{"读一下。@fs:x://cjk：好", []Mention{m("fs", "x://cjk：好")}},
		{"see @fs:x://colon: then", []Mention{m("fs", "x://colon")}},
	} {
		if got := Mentions(tc.text, known); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Mentions(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestMentionsCapped(t *testing.T) {
	text := ""
	for i := range 30 {
		text += " @fs:x://" + string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	if got := Mentions(text, func(string) bool { return true }); len(got) != maxMentions {
		t.Fatalf("%d mentions, want %d", len(got), maxMentions)
	}
}
