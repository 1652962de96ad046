package textedit

import (
	"fmt"
	"strings"
	"testing"
)

func bigText(size int) string {
	var b strings.Builder
	for i := 0; b.Len() < size; i++ {
		if i == 100_000 {
			b.WriteString("MARKER_A\n")
			continue
		}
		fmt.Fprintf(&b, "line %07d: the quick brown fox jumps over the lazy dog\n", i)
	}
	return b.String()
}

// BenchmarkApply10MB is the in-memory part of an edit to a 10 MB text.
func BenchmarkApply10MB(b *testing.B) {
	text := bigText(10 << 20)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Apply(text, []Edit{{Old: "MARKER_A", New: "MARKER_B"}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFuzzyMiss10MB is the worst case of matching: no exact match,
// so every normalisation is tried and fails.
func BenchmarkFuzzyMiss10MB(b *testing.B) {
	text := strings.ReplaceAll(bigText(10<<20), "fox", "“fox”")
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Apply(text, []Edit{{Old: "absent 'text'", New: "x"}}); err == nil {
			b.Fatal("want not found")
		}
	}
}

// BenchmarkDiff10MB is the structured patch of a one-line change.
func BenchmarkDiff10MB(b *testing.B) {
	old := bigText(10 << 20)
	new := strings.Replace(old, "MARKER_A", "MARKER_B", 1)
	b.SetBytes(int64(len(old)))
	b.ReportAllocs()
	for b.Loop() {
		if d := diff(old, new); d.Added != 1 {
			b.Fatal(d)
		}
	}
}
