package app

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/provider/providertest"
)

// benchProject writes a small Go project: files the scripted model reads.
func benchProject(tb testing.TB) string {
	dir := tb.TempDir()
	for i := range 20 {
		var b strings.Builder
		fmt.Fprintf(&b, "package demo\n\n// Step%d does step %d of the pipeline.\n", i, i)
		for j := range 25 {
			fmt.Fprintf(&b, "func step%d_%d(x int) int { return x*%d + %d }\n", i, j, j+1, i)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("step%02d.go", i)), []byte(b.String()), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir
}

// sessionTurns scripts n requests of a Read/Bash/Grep session that ends
// with a text answer.
func sessionTurns(dir string, n int) []providertest.Turn {
	var turns []providertest.Turn
	for i := range n - 1 {
		id := "toolu_" + strconv.Itoa(i)
		var b providertest.Block
		switch i % 3 {
		case 0:
			b = providertest.ToolUse(id, "Read", map[string]any{"file_path": filepath.Join(dir, fmt.Sprintf("step%02d.go", i%20))})
		case 1:
			b = providertest.ToolUse(id, "Bash", map[string]any{"command": "ls | head -5 && wc -l step00.go"})
		default:
			b = providertest.ToolUse(id, "Grep", map[string]any{"pattern": fmt.Sprintf("step%d_1\\b", i%20),
				"output_mode": "content", "path": dir})
		}
		turns = append(turns, providertest.Turn{Blocks: []providertest.Block{
			providertest.Text(fmt.Sprintf("Looking at part %d.", i)), b}})
	}
	return append(turns, providertest.Turn{Blocks: []providertest.Block{providertest.Text("All steps reviewed.")}})
}

// BenchmarkCacheShare runs a Read/Bash/Grep session of 8 and of 20
// requests through the real composition (system prompt, tools, opening
// reminders, transcript) against the fake API's prompt-cache model, and
// reports the share of input tokens read from the cache over requests
// 2–N.
func BenchmarkCacheShare(b *testing.B) {
	dir := benchProject(b)
	for _, n := range []int{8, 20} {
		b.Run(fmt.Sprintf("requests=%d", n), func(b *testing.B) {
			var share float64
			for b.Loop() {
				share = cacheShare(b, dir, n)
			}
			b.ReportMetric(share*100, "%cache-read")
		})
	}
}

func cacheShare(b *testing.B, dir string, n int) float64 {
	srv := providertest.Start(b, providertest.Scenario{Turns: sessionTurns(dir, n),
		PromptCache: &providertest.CacheConfig{}})
	defer srv.Close()
	opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", b.TempDir()))
	opts.Cwd, opts.Prompt, opts.PermissionMode = dir, "review every step", "bypassPermissions"
	res, err := Run(b.Context(), opts)
	if err != nil || res.IsError {
		b.Fatalf("run: %v %+v", err, res)
	}
	return providertest.CacheShare(srv.Requests()[1:]...)
}

// BenchmarkLongSession runs 500 user turns (each a tool call and an
// answer) in one conversation and reports how much the heap and the RSS
// grow per turn beyond the transcript's own bytes.
func BenchmarkLongSession(b *testing.B) {
	turns := benchTurns(b)
	dir := benchProject(b)
	for b.Loop() {
		var script []providertest.Turn
		for i := range turns {
			script = append(script,
				providertest.Turn{Blocks: []providertest.Block{providertest.ToolUse("toolu_"+strconv.Itoa(i), "Read",
					map[string]any{"file_path": filepath.Join(dir, fmt.Sprintf("step%02d.go", i%20)), "limit": 10})}},
				providertest.Turn{Blocks: []providertest.Block{providertest.Text("Read part " + strconv.Itoa(i) + ".")}})
		}
		srv := providertest.Start(b, providertest.Scenario{Turns: script, ForgetBodies: true})
		cfgDir := b.TempDir()
		opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", cfgDir))
		opts.Cwd, opts.PermissionMode, opts.Stderr = dir, "bypassPermissions", &bytes.Buffer{}
		opts.Sink = func(event.Event) {}
		s, err := configure(opts)
		if err != nil {
			b.Fatal(err)
		}
		eng := engine.New(s.engine)
		var heap0, rss0, file0 int64
		for i := range turns {
			if res := eng.Submit(b.Context(), "read the next part"); res.IsError {
				b.Fatalf("turn %d: %+v", i, res)
			}
			if i == 49 {
				heap0, rss0, file0 = liveHeap(), rss(), transcriptBytes(cfgDir)
			}
		}
		heap1, rss1, file1 := liveHeap(), rss(), transcriptBytes(cfgDir)
		s.close()
		srv.Close()
		n := int64(turns - 50)
		b.ReportMetric(float64(heap1-heap0)/float64(n), "heap-B/turn")
		b.ReportMetric(float64(rss1-rss0)/float64(n), "rss-B/turn")
		b.ReportMetric(float64(file1-file0)/float64(n), "transcript-B/turn")
		b.ReportMetric(float64((heap1-heap0)-(file1-file0))/float64(n), "heap-beyond-transcript-B/turn")
	}
}

func liveHeap() int64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}

// rss reads the resident set size from /proc (0 elsewhere).
func rss() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10
		}
	}
	return 0
}

func transcriptBytes(cfgDir string) int64 {
	paths, _ := filepath.Glob(filepath.Join(cfgDir, "projects", "*", "*.jsonl"))
	var n int64
	for _, p := range paths {
		if st, err := os.Stat(p); err == nil {
			n += st.Size()
		}
	}
	return n
}

// TestPromptPrefixIsStable checks, through the real composition, that
// nothing volatile sits in the cached prefix: every request reads back
// exactly what the request before it read and wrote.
func TestPromptPrefixIsStable(t *testing.T) {
	dir := benchProject(t)
	zero := 0
	srv := providertest.Start(t, providertest.Scenario{Turns: sessionTurns(dir, 6),
		PromptCache: &providertest.CacheConfig{MinTokens: &zero}})
	opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", t.TempDir()))
	opts.Cwd, opts.Prompt, opts.PermissionMode = dir, "review", "bypassPermissions"
	if res, err := Run(t.Context(), opts); err != nil || res.IsError {
		t.Fatalf("run: %v %+v", err, res)
	}
	reqs := srv.Requests()
	for i := 1; i < len(reqs); i++ {
		prev, cur := reqs[i-1].Cache, reqs[i].Cache
		if cur.Read != prev.Read+prev.Creation {
			t.Errorf("request %d read %d tokens from the cache, want %d (all of request %d's prefix)",
				i, cur.Read, prev.Read+prev.Creation, i-1)
		}
	}
}

// benchTurns is the long session's length: 500, or CORVID_BENCH_TURNS.
func benchTurns(tb testing.TB) int {
	if n, err := strconv.Atoi(os.Getenv("CORVID_BENCH_TURNS")); err == nil && n > 50 {
		return n
	}
	return 500
}
