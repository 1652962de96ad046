package multiedit

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

// expectation is what an independent model of one edit predicts.
type expectation int

const (
	unknown  expectation = iota // fuzzy matching decides
	mustFail                    // an error
	mustBe                      // exactly this text
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
		return "", unknown
	}
	n := strings.Count(text, old)
	switch {
	case n == 0:
		return "", unknown
	case n > 1 && !all:
		return "", mustFail
	case all:
		return strings.ReplaceAll(text, old, new), mustBe
	}
	return strings.Replace(text, old, new, 1), mustBe
}

// sequence predicts two edits applied in order.
func sequence(text string, edits [][2]string, all [2]bool) (string, expectation) {
	out := text
	for i, e := range edits {
		next, exp := reference(out, e[0], e[1], all[i])
		if exp != mustBe {
			return "", exp
		}
		out = next
	}
	if out == text {
		return "", mustFail // nothing would change
	}
	return out, mustBe
}

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

// FuzzMultiEdit: never a panic; an error leaves the file byte-for-byte as
// it was; exact-match edits equal sequential strings.Replace calls.
func FuzzMultiEdit(f *testing.F) {
	f.Add("one two three", "one", "1", "two", "2", false, false)
	f.Add("a", "a", "bc", "c", "d", false, false)
	f.Add("x x y", "x", "z", "y", "x", true, false)
	f.Add("a\r\nb\r\n", "a\nb", "c", "c", "d\ne", false, false)
	f.Add("“q” ‘r’", `"q"`, "s", "'r'", "t", false, false)
	f.Add("a", "a", "b", "b", "a", false, false)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, text, old1, new1, old2, new2 string, all1, all2 bool) {
		path := filepath.Join(dir, "f.txt")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		files := filestate.New()
		if err := files.RecordFile(path, false, 0, 0); err != nil {
			t.Fatal(err)
		}
		edits := []map[string]any{
			{"old_string": old1, "new_string": new1, "replace_all": all1},
			{"old_string": old2, "new_string": new2, "replace_all": all2},
		}
		run := tooltest.Call(t, context.Background(), New(files), tooltest.Env(dir),
			map[string]any{"file_path": path, "edits": edits})
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		got := string(b)
		if strings.Contains(run.Text(), "failed unexpectedly") {
			t.Fatalf("panic: %s", run.Text())
		}
		want, exp := sequence(text, [][2]string{{asJSON(t, old1), asJSON(t, new1)}, {asJSON(t, old2), asJSON(t, new2)}},
			[2]bool{all1, all2})
		switch {
		case run.Result.IsError && got != text:
			t.Fatalf("failed edit changed the file: %q -> %q (%s)", text, got, run.Text())
		case run.Result.IsError && exp == mustBe:
			t.Fatalf("edits failed, want %q: %s", want, run.Text())
		case !run.Result.IsError && exp == mustFail:
			t.Fatalf("edits succeeded (%q), want an error", got)
		case !run.Result.IsError && exp == mustBe && got != want:
			t.Fatalf("file = %q, want %q", got, want)
		case !run.Result.IsError && got == text:
			t.Fatalf("success without a change: %s", run.Text())
		}
	})
}
