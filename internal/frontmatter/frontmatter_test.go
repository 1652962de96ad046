package frontmatter

import (
	"errors"
	"reflect"
	"testing"
)

func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		name, in, front, body string
		has                   bool
		err                   error
	}{
		{"none", "just text\n", "", "just text\n", false, nil},
		{"header", "---\na: b\n---\nbody\n", "a: b", "body\n", true, nil},
		{"crlf and bom", "\ufeff---\r\na: b\r\n---\r\nbody", "a: b", "body", true, nil},
		{"unclosed", "---\na: b\nbody\n", "", "", true, ErrUnclosed},
		{"only opening", "---", "", "", true, ErrUnclosed},
	} {
		front, body, has, err := Split(tc.in)
		if front != tc.front || body != tc.body || has != tc.has || !errors.Is(err, tc.err) {
			t.Errorf("%s: got %q %q %v %v", tc.name, front, body, has, err)
		}
	}
}

func TestParse(t *testing.T) {
	doc, err := Parse(`# a comment
description: "Say \"hi\"" # trailing
argument-hint: [name] [mood]
allowed-tools: Bash(git add:*), Bash(git status:*) Read
tools: [Read, 'Grep, fancy', "Glob"]
list:
  - one
  - 'two # not a comment'
folded: >
  first line
  second line

  new paragraph
literal: |
  keep
    indent
metadata:
  author: x
  tags:
    - a
disable-model-invocation: true
empty:
`)
	if err != nil {
		t.Fatal(err)
	}
	str := func(k string) string {
		s, err := doc.String(k)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		return s
	}
	list := func(k string) []string {
		l, err := doc.List(k)
		if err != nil {
			t.Fatalf("%s: %v", k, err)
		}
		return l
	}
	checks := map[string][2]any{
		"description":   {str("description"), `Say "hi"`},
		"argument-hint": {str("argument-hint"), "[name] [mood]"},
		"folded":        {str("folded"), "first line second line\nnew paragraph"},
		"literal":       {str("literal"), "keep\n  indent"},
		"empty":         {str("empty"), ""},
		"allowed-tools": {list("allowed-tools"), []string{"Bash(git add:*)", "Bash(git status:*)", "Read"}},
		"tools":         {list("tools"), []string{"Read", "Grep, fancy", "Glob"}},
		"list":          {list("list"), []string{"one", "two # not a comment"}},
	}
	for k, c := range checks {
		if !reflect.DeepEqual(c[0], c[1]) {
			t.Errorf("%s: got %#v, want %#v", k, c[0], c[1])
		}
	}
	if b, err := doc.Bool("disable-model-invocation", false); !b || err != nil {
		t.Errorf("bool: %v %v", b, err)
	}
	var te *TypeError
	if _, err := doc.String("metadata"); !errors.As(err, &te) {
		t.Errorf("a map read as a string: %v", err)
	}
	if _, err := doc.Bool("description", false); !errors.As(err, &te) {
		t.Errorf("text read as a bool: %v", err)
	}
	if s, err := doc.Text("tools"); s != "Read,Grep, fancy,Glob" || err != nil {
		t.Errorf("a list as text: %q %v", s, err)
	}
	if _, err := doc.Text("metadata"); !errors.As(err, &te) {
		t.Errorf("a map as text: %v", err)
	}
	if b, err := doc.Bool("absent", true); !b || err != nil {
		t.Errorf("absent bool keeps its default: %v %v", b, err)
	}
}

// Broken headers are errors naming the line, never half-read values.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		line int
	}{
		{"a: b\n  indented: x", 3},
		{"no colon here", 2},
		{"a: \"unclosed", 2},
		{"a: 1\na: 2", 3},
		{"l:\n  - a\n  b: c", 4},
		{"a: 'x' extra", 2},
		{"b: |x", 2},
	} {
		_, err := Parse(tc.in)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line != tc.line {
			t.Errorf("%q: got %v, want a syntax error on line %d", tc.in, err, tc.line)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("a: b\nl:\n  - x\nf: >\n  y\n")
	f.Add("t: [a, 'b', \"c\"]\nm:\n  k: v\n")
	f.Fuzz(func(t *testing.T, s string) {
		doc, err := Parse(s)
		if err == nil {
			for k := range doc {
				_, _ = doc.List(k)
				_, _ = doc.String(k)
			}
		}
	})
}
