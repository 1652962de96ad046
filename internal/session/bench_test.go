package session

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"corvid/internal/provider"
)

// toolOutput returns n bytes of code-like text: quotes, tabs, backslashes
// and some non-ASCII, as real tool output has.
func toolOutput(r *rand.Rand, n int) string {
	words := []string{"func", "return", "err", "if", "nil", "\"quoted\"", "\\n", "x := y", "// comment ✓",
		"for i := range n {", "}", "fmt.Println(\"héllo\")", "<tag>", "path/to/file.go:12:", "\t"}
	var sb strings.Builder
	for sb.Len() < n {
		sb.WriteString(words[r.IntN(len(words))])
		if r.IntN(6) == 0 {
			sb.WriteString("\n\t")
		} else {
			sb.WriteByte(' ')
		}
	}
	return sb.String()
}

// writeBigTranscript records turns until the file reaches size bytes.
func writeBigTranscript(tb testing.TB, path string, size int64) {
	r := rand.New(rand.NewPCG(1, 2))
	w := NewWriter(path, testMeta)
	defer w.Close()
	for turn := 0; ; turn++ {
		must(w.User([]provider.Block{text(toolOutput(r, 100+r.IntN(300)))}, UserOptions{}))
		id := "msg_" + strconv.Itoa(turn)
		a := AssistantEntry{MessageID: id, Model: "claude-x", Usage: provider.Usage{InputTokens: 1000, OutputTokens: 200}}
		a.Block = text(toolOutput(r, 50+r.IntN(500)))
		must(w.Assistant(a))
		for k := range 1 + r.IntN(3) {
			tid := fmt.Sprintf("toolu_%d_%d", turn, k)
			a.Block = toolUse(tid, "Bash", fmt.Sprintf(`{"command":"go test ./... -run %d","description":"run tests"}`, k))
			src := must(w.Assistant(a))
			out := toolOutput(r, 2000+r.IntN(14000))
			structured := map[string]any{"stdout": out, "stderr": "", "interrupted": false}
			must(w.ToolResult(result(tid, out), structured, src))
		}
		if turn%5 == 0 {
			must(w.User([]provider.Block{text("<system-reminder>keep going</system-reminder>")}, UserOptions{IsMeta: true}))
		}
		a.MessageID, a.Block, a.StopReason = id+"b", text(toolOutput(r, 300)), "end_turn"
		must(w.Assistant(a))
		if turn%10 == 0 {
			if err := w.CostState(map[string]any{"turn": turn, "usd": float64(turn) * 0.01}); err != nil {
				tb.Fatal(err)
			}
			if info, err := os.Stat(path); err == nil && info.Size() >= size {
				return
			}
		}
	}
}

// procStatus reads a size field of /proc/self/status (VmRSS, VmHWM) in
// MiB: -1 where there is none (not Linux).
func procStatus(field string) float64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return -1
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), field+":"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return float64(kb) / 1024
		}
	}
	return -1
}

func BenchmarkLoad100MB(b *testing.B) {
	path := filepath.Join(b.TempDir(), "big.jsonl")
	writeBigTranscript(b, path, 100<<20)
	info := must(os.Stat(path))
	b.SetBytes(info.Size())
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	// Restart the peak-RSS measurement (Linux: writing 5 to clear_refs).
	os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
	startRSS := procStatus("VmRSS")
	b.ReportAllocs()
	var tr *Transcript
	for b.Loop() {
		tr = must(Load(path))
	}
	b.StopTimer()
	b.ReportMetric(procStatus("VmHWM"), "peak-RSS-MiB")
	b.ReportMetric(startRSS, "start-RSS-MiB")
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "retained-MiB")
	if tr.Skipped != 0 || tr.Repaired != 0 || len(tr.Messages) < 1000 || tr.CostState == nil {
		b.Fatalf("Skipped %d Repaired %d messages %d", tr.Skipped, tr.Repaired, len(tr.Messages))
	}
	b.ReportMetric(float64(len(tr.Messages)), "messages")
}

func BenchmarkWriterEntry(b *testing.B) {
	w, _ := newTestWriter(b)
	r := rand.New(rand.NewPCG(3, 4))
	out := toolOutput(r, 4096)
	blk := result("toolu_1", out)
	structured := map[string]any{"stdout": out, "stderr": "", "interrupted": false}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := w.ToolResult(blk, structured, "src"); err != nil {
			b.Fatal(err)
		}
	}
}
