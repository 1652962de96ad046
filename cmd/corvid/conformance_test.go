package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/conformance"
)

// TestConformance runs corvid on every scripted session under
// testdata/conformance and compares its frames, field by field, with the
// recorded frames of Claude Code (claude.json, made by record.sh). Every
// difference must be explained by an entry of conformance.Allowances, and
// every entry must still explain one, so a new difference and a fixed one
// both fail until the list (and docs/compatibility.md) say so.
func TestConformance(t *testing.T) {
	bin, err := exec.LookPath("corvid")
	if err != nil {
		t.Fatalf("corvid is not on PATH (TestMain puts the test binary there): %v", err)
	}
	dir := filepath.Join("..", "..", "testdata", "conformance")
	cases, err := conformance.LoadCases(dir)
	if err != nil {
		t.Fatal(err)
	}
	allow := conformance.Allowances
	used := make([]bool, len(allow))
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			want, err := conformance.ReadRecording(filepath.Join(dir, c.Name, "claude.json"))
			if err != nil {
				t.Fatal(err)
			}
			out, err := conformance.Run(context.Background(), bin, t.TempDir(), c, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, err := conformance.Record(out)
			if err != nil {
				t.Fatalf("%v\nstdout:\n%s\nstderr:\n%s", err, out.Stdout, out.Stderr)
			}
			if dump := os.Getenv("CORVID_CONFORMANCE_DUMP"); dump != "" {
				_ = conformance.WriteRecording(filepath.Join(dump, c.Name+".json"), got)
			}
			for _, d := range conformance.Filter(conformance.Compare(c.Name, want, got), allow, used) {
				t.Errorf("unexplained difference: %s", d)
			}
		})
	}
	if t.Failed() || testing.Short() {
		return
	}
	for i, a := range allow {
		if !used[i] {
			t.Errorf("allowance explains no difference any more (remove it and its docs row): %+v", a)
		}
	}
}

// TestConformanceDocs checks that docs/compatibility.md lists every
// allowed difference: for each allowance, a table row names its frame and
// its key path.
func TestConformanceDocs(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "compatibility.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(string(data), "\n")
	for _, a := range conformance.Allowances {
		documented := false
		for _, row := range rows {
			if strings.HasPrefix(row, "| `"+a.Frame+"` |") && (a.Path == "" || strings.Contains(row, "`"+a.Path+"`")) {
				documented = true
				break
			}
		}
		if !documented {
			t.Errorf("docs/compatibility.md has no row for frame %s, path %q", a.Frame, a.Path)
		}
	}
}
