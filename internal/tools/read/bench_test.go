package read

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"corvid/internal/filestate"
	"corvid/internal/tool"
)

const (
	// bigBenchEnv enables BenchmarkHugeFile, which writes a 1 GB file.
	bigBenchEnv = "CORVID_BENCH_BIG"
	// childEnv tells TestBenchChild which file to read.
	childEnv  = "CORVID_BENCH_READ_FILE"
	benchLine = 10_000_000
)

// BenchmarkHugeFile reads 2000 lines at line 10,000,000 of a file of
// more than 1 GB, in a child process so that its peak RSS can be told,
// and does the same with `tail -n +N | head -n 2000`. Run it with
//
//	CORVID_BENCH_BIG=1 go test -run '^$' -bench HugeFile -benchtime 5x ./internal/tools/read/
func BenchmarkHugeFile(b *testing.B) {
	if os.Getenv(bigBenchEnv) != "1" {
		b.Skip("set " + bigBenchEnv + "=1 to write a 1 GB file and run this benchmark")
	}
	dir := b.TempDir()
	path := filepath.Join(dir, "huge.log")
	writeBig(b, path, 1<<30+1<<20)
	m := meter{rssFile: filepath.Join(dir, "rss")}
	tailHead := fmt.Sprintf("tail -n +%d %s | head -n 2000", benchLine, path)
	var ours, theirs runStats
	for b.Loop() {
		ours.add(m.run(b, []string{os.Args[0], "-test.run=^TestBenchChild$"}, childEnv+"="+path))
		theirs.add(m.run(b, []string{"sh", "-c", tailHead}))
	}
	b.ReportMetric(ours.ms(), "read-ms")
	b.ReportMetric(theirs.ms(), "tailhead-ms")
	b.ReportMetric(ours.ms()/theirs.ms(), "read/tailhead")
	b.ReportMetric(float64(ours.maxRSS)/1024, "read-peakRSS-MB")
	b.ReportMetric(float64(theirs.maxRSS)/1024, "tailhead-peakRSS-MB")
}

// runStats sums wall times and keeps the highest peak RSS (KB).
type runStats struct {
	n      int
	wall   time.Duration
	maxRSS int64
}

func (s *runStats) add(wall time.Duration, rss int64) {
	s.n++
	s.wall += wall
	s.maxRSS = max(s.maxRSS, rss)
}

func (s *runStats) ms() float64 { return float64(s.wall.Microseconds()) / 1000 / float64(s.n) }

// meter runs commands under GNU time for their peak RSS. (The rusage a
// Go parent gets for its child is no good: the child is started with
// vfork, so its peak includes the parent's own memory.)
type meter struct{ rssFile string }

// run runs args with output discarded; it reports the wall time and the
// peak RSS in KB (of the command and its children, e.g. tail and head).
func (m meter) run(b *testing.B, args []string, env ...string) (time.Duration, int64) {
	cmd := exec.Command("/usr/bin/time", append([]string{"-f", "%M", "-o", m.rssFile}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		b.Fatalf("%s: %v (GNU time is needed: apt-get install time)", cmd, err)
	}
	wall := time.Since(start)
	out, err := os.ReadFile(m.rssFile)
	var kb int64
	if _, scanErr := fmt.Sscan(string(out), &kb); err != nil || scanErr != nil {
		b.Fatalf("reading the peak RSS: %v %v", err, scanErr)
	}
	return wall, kb
}

// TestBenchChild is the child process of BenchmarkHugeFile: one read,
// its text written to stdout as tail | head would.
func TestBenchChild(t *testing.T) {
	path := os.Getenv(childEnv)
	if path == "" {
		t.Skip("run by BenchmarkHugeFile")
	}
	in, _ := json.Marshal(map[string]any{"file_path": path, "offset": benchLine, "limit": 2000})
	r, err := New(filestate.New()).Call(context.Background(), tool.Call{Input: in,
		Env: tool.Env{WorkDir: filepath.Dir(path)}, Progress: func(tool.Progress) {}})
	if err != nil || r.IsError {
		t.Fatalf("%v %s", err, r.TextOf())
	}
	if want := fmt.Sprintf("%d\tline %d ", benchLine, benchLine); !strings.HasPrefix(r.TextOf(), want) {
		t.Fatalf("read the wrong lines: %.40q", r.TextOf())
	}
	io.WriteString(os.Stdout, r.TextOf()+"\n")
}

// BenchmarkRange reads 2000 lines at line 1,000,000 of a 40 MB file in
// process (the skip is a bytes.Count over chunks).
func BenchmarkRange(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "big.log")
	writeBig(b, path, 40<<20)
	tl := New(filestate.New())
	in, _ := json.Marshal(map[string]any{"file_path": path, "offset": 1_000_000, "limit": 2000})
	call := tool.Call{Input: in, Env: tool.Env{WorkDir: dir}, Progress: func(tool.Progress) {}}
	b.SetBytes(40 << 20)
	for b.Loop() {
		if r, err := tl.Call(context.Background(), call); err != nil || r.IsError {
			b.Fatalf("%v %s", err, r.TextOf())
		}
	}
}
