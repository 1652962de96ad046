package textedit

import (
	"strings"
	"testing"
)

// TestIndexRare checks indexRare against strings.Index.
func TestIndexRare(t *testing.T) {
	texts := []string{"", "a", "return x", "xxreturnxxreturn", "the quick brown fox", "abcabcabd", "ready"}
	subs := []string{"return", "abd", "ready", "x", "fox", "quick brown"}
	for _, s := range texts {
		for _, a := range subs {
			if got, want := indexRare(s, a, len(a)/2), strings.Index(s, a); got != want {
				t.Errorf("indexRare(%q, %q) = %d, want %d", s, a, got, want)
			}
		}
	}
}
