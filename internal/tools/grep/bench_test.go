package grep

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/tool/tooltest"
)

// benchTree writes n source-like files (about 1.2 KB each, 50 per
// directory, two levels deep) under dir; one file in 100 holds
// "needle_<n>", and a gitignored directory holds a tenth more.
func benchTree(b *testing.B, dir string, n int) {
	b.Helper()
	var body strings.Builder
	for i := range 40 {
		fmt.Fprintf(&body, "func helper%d(x int) int { return x * %d } // plain line\n", i, i)
	}
	must := func(err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, ".git"), 0o755))
	must(os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("vendor/\n"), 0o644))
	for i := range n + n/10 {
		sub := fmt.Sprintf("d%03d/e%02d", i/1000, i/50%20)
		if i >= n {
			sub = fmt.Sprintf("vendor/v%03d", i/50)
		}
		p := filepath.Join(dir, sub, fmt.Sprintf("f%06d.go", i))
		if i%50 == 0 || i == n {
			must(os.MkdirAll(filepath.Dir(p), 0o755))
		}
		content := "package p\n\n" + body.String()
		if i%100 == 7 {
			content += fmt.Sprintf("var x = \"needle_%d\"\n", i)
		}
		must(os.WriteFile(p, []byte(content), 0o644))
	}
}

func benchSearch(b *testing.B, files int) {
	root := b.TempDir()
	benchTree(b, root, files)
	rg, rgErr := exec.LookPath("rg")
	queries := []struct {
		name  string
		input map[string]any
		rgArg []string
	}{
		{"rare_files", map[string]any{"pattern": `needle_\d+`}, []string{"-l", `needle_\d+`}},
		{"common_count", map[string]any{"pattern": "helper1[0-9]", "output_mode": "count"}, []string{"-c", "helper1[0-9]"}},
	}
	for _, qc := range queries {
		b.Run(qc.name+"/go", func(b *testing.B) { benchTool(b, Options{RgPath: "-"}, root, qc.input) })
		if rgErr != nil {
			continue
		}
		b.Run(qc.name+"/rg_tool", func(b *testing.B) { benchTool(b, Options{RgPath: rg}, root, qc.input) })
		b.Run(qc.name+"/rg_direct", func(b *testing.B) {
			args := append([]string{"--no-config"}, qc.rgArg...)
			for b.Loop() {
				cmd := exec.Command(rg, append(args, root)...)
				if out, err := cmd.Output(); err != nil || len(out) == 0 {
					b.Fatalf("rg: %v", err)
				}
			}
		})
	}
}

func benchTool(b *testing.B, opts Options, root string, input map[string]any) {
	tl := New(opts)
	env := tooltest.Env(root)
	for b.Loop() {
		run := tooltest.Call(b, context.Background(), tl, env, input)
		if run.Result.IsError || strings.HasPrefix(run.Text(), "No ") {
			b.Fatalf("unexpected result: %.200s", run.Text())
		}
	}
}

// BenchmarkGrepSmall searches 3,000 files: always on.
func BenchmarkGrepSmall(b *testing.B) { benchSearch(b, 3000) }

// BenchmarkGrepBig searches 50,000 files; set CORVID_BENCH_BIG=1.
func BenchmarkGrepBig(b *testing.B) {
	if os.Getenv("CORVID_BENCH_BIG") == "" {
		b.Skip("set CORVID_BENCH_BIG=1 to search a 50,000-file tree")
	}
	benchSearch(b, 50_000)
}
