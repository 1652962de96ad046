package textedit

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"corvid/internal/filestate"
)

// nearMiss is one Edit call of the kind models really make. want is the
// file as the model meant it; "" means the edit must be refused, with an
// error that holds hint.
type nearMiss struct {
	kind, name     string
	file, old, new string
	all            bool
	stale          string // "", "modified" (changed after the read), "unread", "touched" (mtime only)
	want, hint     string
}

// nearMisses is our own stand-in for the hidden set of issue 17: at least
// five calls for each kind of near miss, both ones that must apply as
// meant and ones that must be refused with a hint.
var nearMisses = concat(exactMisses, wsMisses, crlfMisses, staleMisses, uniqueMisses, absentMisses,
	indentMisses, numberMisses, unicodeMisses, escapeMisses, newlineMisses, harmMisses)

func concat(sets ...[]nearMiss) []nearMiss {
	var out []nearMiss
	for _, s := range sets {
		out = append(out, s...)
	}
	return out
}

// outcome classifies a call the way the hidden set does.
type outcome string

const (
	asMeant outcome = "as meant"
	refused outcome = "refused"
	wrong   outcome = "wrong"
)

// runMiss makes the call through Run on a real file and classifies it.
func runMiss(t *testing.T, m nearMiss) (outcome, string, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f.txt")
	if err := os.WriteFile(path, []byte(m.file), 0o644); err != nil {
		t.Fatal(err)
	}
	files := filestate.New()
	if m.stale != "unread" {
		if err := files.RecordFile(path, false, 0, 0); err != nil {
			t.Fatal(err)
		}
	}
	later := time.Now().Add(time.Hour)
	switch m.stale {
	case "modified":
		if err := os.WriteFile(path, []byte(m.file+"more\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		fallthrough
	case "touched":
		if err := os.Chtimes(path, later, later); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := os.ReadFile(path)
	_, err := Run(context.Background(), files, Request{Path: path, WorkDir: "/",
		Edits: []Edit{{Old: m.old, New: m.new, All: m.all}}})
	got, _ := os.ReadFile(path)
	switch {
	case err != nil && string(got) != string(before):
		return wrong, string(got), err
	case err != nil:
		return refused, string(got), err
	case string(got) == m.want:
		return asMeant, string(got), nil
	}
	return wrong, string(got), nil
}

func TestNearMisses(t *testing.T) {
	tally := map[outcome]int{}
	kinds := map[string]int{}
	for _, m := range nearMisses {
		kinds[m.kind]++
		t.Run(m.kind+"/"+m.name, func(t *testing.T) {
			got, file, err := runMiss(t, m)
			tally[got]++
			want := asMeant
			if m.want == "" {
				want = refused
			}
			if got != want {
				t.Fatalf("%s, want %s: file %q, error %v", got, want, file, err)
			}
			if want == refused && !strings.Contains(errText(err), m.hint) {
				t.Fatalf("error lacks %q:\n%v", m.hint, err)
			}
		})
	}
	for k, n := range kinds {
		if n < 5 {
			t.Errorf("kind %s has %d cases, want at least 5", k, n)
		}
	}
	t.Logf("%d near misses in %d kinds: %d as meant, %d refused, %d wrong",
		len(nearMisses), len(kinds), tally[asMeant], tally[refused], tally[wrong])
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	var nf *NotFoundError
	if errors.As(err, &nf) && nf.Hint == "" {
		return err.Error() + "\n(no hint)"
	}
	return err.Error()
}
