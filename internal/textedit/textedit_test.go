package textedit

import (
	"errors"
	"strings"
	"testing"
)

func TestApply(t *testing.T) {
	var (
		amb      *AmbiguousError
		notFound *NotFoundError
	)
	cases := []struct {
		name  string
		text  string
		edits []Edit
		want  string
		norm  Norm
		err   any // nil, a sentinel error, or a pointer to an error type
	}{
		{"unique", "a b c", []Edit{{Old: "b", New: "B"}}, "a B c", 0, nil},
		{"all", "x.x.x", []Edit{{Old: "x", New: "yy", All: true}}, "yy.yy.yy", 0, nil},
		{"ambiguous", "x.x", []Edit{{Old: "x", New: "y"}}, "", 0, &amb},
		{"not found", "abc", []Edit{{Old: "d", New: "e"}}, "", 0, &notFound},
		{"same", "abc", []Edit{{Old: "a", New: "a"}}, "", 0, ErrSame},
		{"empty old on text", "abc", []Edit{{Old: "", New: "x"}}, "", 0, ErrEmptyOld},
		{"empty old on empty", "", []Edit{{Old: "", New: "x"}}, "x", 0, nil},
		{"delete", "abc", []Edit{{Old: "b", New: ""}}, "ac", 0, nil},
		{"crlf text, lf edit", "a\r\nb\r\n", []Edit{{Old: "a\nb", New: "c\nd"}}, "c\r\nd\r\n", 0, nil},
		{"lf text, crlf edit", "a\nb\n", []Edit{{Old: "a\r\nb", New: "c\r\nd"}}, "c\nd\n", 0, nil},
		{"mixed text, lf region", "a\r\nb\r\nc\nd\r\n", []Edit{{Old: "c\nd", New: "e\nf"}}, "a\r\nb\r\ne\nf\r\n", 0, nil},
		{"curly double", "x = “a”;", []Edit{{Old: `x = "a"`, New: `x = "b"`}}, "x = “b”;", NormQuotes, nil},
		{"curly single", "it’s ‘q’", []Edit{{Old: "it's 'q'", New: "that's 'r'"}}, "that’s ‘r’", NormQuotes, nil},
		{"straight file, curly edit", `say "hi"`, []Edit{{Old: "say “hi”", New: "say “bye”"}}, `say "bye"`, NormQuotes, nil},
		{"trailing space", "a  \nb\t\r\nc", []Edit{{Old: "a\nb\nc", New: "z"}}, "z", NormSpace, nil},
		{"trailing space at eof", "a\nb   ", []Edit{{Old: "b\n", New: "c\n"}}, "a\nc   ", NormSpace | NormNewlines, nil},
		{"both", "“a”  \nb", []Edit{{Old: "\"a\"\nb", New: "\"c\"\nd"}}, "“c”  \nd", NormQuotes | NormSpace, nil},
		{"fuzzy ambiguous", "“a”\n“a”\n", []Edit{{Old: `"a"`, New: "b"}}, "", 0, &amb},
		{"fuzzy all", "“a”\n“a”\n", []Edit{{Old: `"a"`, New: "b", All: true}}, "b\nb\n", NormQuotes, nil},
		{"sequence", "one two", []Edit{{Old: "one", New: "1"}, {Old: "two", New: "2"}}, "1 2", 0, nil},
		{"later edit sees earlier", "a", []Edit{{Old: "a", New: "bc"}, {Old: "c", New: "d"}}, "bd", 0, nil},
		{"create then edit", "", []Edit{{Old: "", New: "x y"}, {Old: "y", New: "z"}}, "x z", 0, nil},
		{"second empty old", "", []Edit{{Old: "", New: "x"}, {Old: "", New: "y"}}, "", 0, ErrEmptyOld},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, applied, err := Apply(tc.text, tc.edits)
			checkErr(t, err, tc.err)
			if err != nil {
				return
			}
			if got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
			if n := applied[len(applied)-1].Norm; n != tc.norm {
				t.Fatalf("norm = %v, want %v", n, tc.norm)
			}
		})
	}
}

func checkErr(t *testing.T, err error, want any) {
	t.Helper()
	switch w := want.(type) {
	case nil:
		if err != nil {
			t.Fatalf("unexpected error: %v", err)
		}
	case error:
		if !errors.Is(err, w) {
			t.Fatalf("error %v, want %v", err, w)
		}
	default:
		if !errors.As(err, w) {
			t.Fatalf("error %v (%T), want %T", err, err, w)
		}
	}
}

func TestStepErrorNamesTheEdit(t *testing.T) {
	_, _, err := Apply("abc", []Edit{{Old: "a", New: "x"}, {Old: "q", New: "r"}, {Old: "c", New: "z"}})
	var step *StepError
	if !errors.As(err, &step) || step.Index != 1 || step.Total != 3 {
		t.Fatalf("got %v", err)
	}
	want := "Edit 2 of 3 failed: String to replace not found in file.\nString: q"
	if err.Error() != want {
		t.Fatalf("message %q, want %q", err.Error(), want)
	}
}

func TestAmbiguousNamesTheTypedString(t *testing.T) {
	_, _, err := Apply("a\r\nb\r\na\r\nb\r\n", []Edit{{Old: "a\nb", New: "c"}})
	var amb *AmbiguousError
	if !errors.As(err, &amb) || amb.Matches != 2 || amb.Old != "a\nb" {
		t.Fatalf("got %#v", err)
	}
	for _, part := range []string{"Found 2 matches", "replace_all is false"} {
		if !strings.Contains(err.Error(), part) {
			t.Fatalf("%q lacks %q", err.Error(), part)
		}
	}
}

func TestTooLarge(t *testing.T) {
	text := strings.Repeat("a", 1<<20)
	_, _, err := Apply(text, []Edit{{Old: "a", New: strings.Repeat("b", 100), All: true}})
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("got %v", err)
	}
	curly := strings.Repeat("“", 1<<20)
	_, _, err = Apply(curly, []Edit{{Old: `"`, New: strings.Repeat("b", 100), All: true}})
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("fuzzy: got %v", err)
	}
}
