package edit

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/filestate"
	"corvid/internal/tool/tooltest"
)

// expectation is what an independent model of Edit predicts.
type expectation int

const (
	unknown  expectation = iota // fuzzy matching decides; only the general invariants apply
	mustFail                    // an error, file untouched
	mustBe                      // success with exactly this content
)

// reference predicts an exact-match edit with the standard library alone.
func reference(text, old, new string, all bool) (string, expectation) {
	switch {
	case old == new:
		return "", mustFail
	case old == "" && text == "":
		return new, mustBe
	case old == "":
		return "", mustFail
	case strings.Contains(text, "\r\n") && strings.Contains(old+new, "\n"):
		return "", unknown // line endings are rewritten
	case new == "":
		return "", unknown // a deletion keeps lines whole
	}
	n := strings.Count(text, old)
	switch {
	case n == 0:
		return "", unknown // may still match after normalising
	case !all && overlapping(text, old) > 1:
		return "", mustFail // overlapping matches are matches too
	case all:
		return strings.ReplaceAll(text, old, new), mustBe
	}
	return strings.Replace(text, old, new, 1), mustBe
}

// overlapping counts the occurrences of sub in s, overlapping ones too.
func overlapping(s, sub string) int {
	n := 0
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			n++
		}
	}
	return n
}

// asJSON is s as the tool receives it: JSON strings carry no invalid UTF-8.
func asJSON(t *testing.T, s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	var out string
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// FuzzEdit: never a panic; an error leaves the file byte-for-byte as it
// was; an exact-match edit equals strings.Replace / strings.ReplaceAll.
func FuzzEdit(f *testing.F) {
	f.Add("one\ntwo\nthree\n", "two", "2", false)
	f.Add("x x x", "x", "yy", true)
	f.Add("x x", "x", "y", false)
	f.Add("a\r\nb\r\nc\r\n", "a\nb", "A\nB", false)
	f.Add("say “hi” and ‘bye’\n", `"hi"`, `"ho"`, false)
	f.Add("foo  \nbar\t\n", "foo\nbar", "baz", false)
	f.Add("", "", "new", false)
	f.Add("abc", "", "x", false)
	f.Add("\xff\xfe\x00abc", "abc", "d", false)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text, old, new string, all bool) {
		path := filepath.Join(dir, "f.txt")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		files := filestate.New()
		if err := files.RecordFile(path, false, 0, 0); err != nil {
			t.Fatal(err)
		}
		run := tooltest.Call(t, context.Background(), New(files), tooltest.Env(dir),
			map[string]any{"file_path": path, "old_string": old, "new_string": new, "replace_all": all})
		got := readFile(t, path)
		if strings.Contains(run.Text(), "failed unexpectedly") {
			t.Fatalf("panic: %s", run.Text())
		}
		want, exp := reference(text, asJSON(t, old), asJSON(t, new), all)
		switch {
		case run.Result.IsError && got != text:
			t.Fatalf("failed edit changed the file: %q -> %q (%s)", text, got, run.Text())
		case run.Result.IsError && exp == mustBe:
			t.Fatalf("edit failed, want %q: %s", want, run.Text())
		case !run.Result.IsError && exp == mustFail:
			t.Fatalf("edit succeeded (%q), want an error", got)
		case !run.Result.IsError && exp == mustBe && got != want:
			t.Fatalf("file = %q, want %q", got, want)
		case !run.Result.IsError && got == text:
			t.Fatalf("success without a change: %s", run.Text())
		}
	})
}
