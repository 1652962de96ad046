package shells

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"corvid/internal/spill"
)

// capped is a manager whose logs keep 4096 bytes: a head of 1024 and a
// tail of at most 3072, whose older 1536 go when it is full.
func capped(t *testing.T, l spill.Limits) (*Manager, string) {
	t.Helper()
	if l.MaxFile == 0 {
		l.MaxFile = 4096
	}
	return newManager(t, Options{KillGrace: 200 * time.Millisecond, Spill: spill.NewBudget(l)})
}

// droppedAfter is how many bytes a 4096-byte log has dropped once it has
// received total bytes.
func droppedAfter(total int) int64 {
	if total <= 4096 {
		return 0
	}
	return int64(1536 * ((total - 4096 + 1535) / 1536))
}

func seq(from, to int) string {
	var b strings.Builder
	for i := from; i <= to; i++ {
		b.WriteString(strconv.Itoa(i) + "\n")
	}
	return b.String()
}

func TestLogIsCapped(t *testing.T) {
	m, dir := capped(t, spill.Limits{})
	info := start(t, m, dir, "yes")
	deadline := time.Now().Add(10 * time.Second)
	var dropped int64
	for dropped == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		dropped += read(t, m, info.ID, "").Dropped
	}
	if dropped == 0 {
		t.Fatalf("no output was dropped from the log of `yes` in 10 s")
	}
	if _, stopped, err := m.Kill(info.ID); !stopped || err != nil {
		t.Fatalf("Kill: %v, %v", stopped, err)
	}
	wait(t, m, info.ID)
	m.Close(t.Context()) // the log is complete
	data, err := os.ReadFile(info.OutputPath)
	if err != nil {
		t.Fatal(err)
	}
	head, rest, ok := bytes.Cut(data, []byte("\n... ["))
	if !ok || len(head) != 1024 || len(data) > 4096+48 {
		t.Fatalf("log of %d bytes: head %d bytes, marker found %v", len(data), len(head), ok)
	}
	_, tail, _ := bytes.Cut(rest, []byte(" bytes dropped] ...\n"))
	if strings.Trim(string(head)+"\n"+string(tail), "y\n") != "" || len(tail) < 1536 || len(tail) > 3072 {
		t.Errorf("log content is not yes's: head %q…, tail of %d bytes", head[:10], len(tail))
	}
}

func TestCappedLogReadsIncrementally(t *testing.T) {
	m, dir := capped(t, spill.Limits{})
	fifos(t, dir, "ready1", "go1", "ready2", "go2")
	info := start(t, m, dir, "seq 1 100; echo > ready1; read x < go1; seq 101 5000; echo > ready2; read x < go2; echo end")
	await(t, dir, "ready1")
	logged(t, info.OutputPath, "\n100\n")
	if out := read(t, m, info.ID, ""); out.Text != seq(1, 100) || out.Dropped != 0 || out.Omitted != 0 {
		t.Errorf("first read = %q, dropped %d, omitted %d", out.Text, out.Dropped, out.Omitted)
	}
	release(t, dir, "go1")
	await(t, dir, "ready2")
	logged(t, info.OutputPath, "\n5000\n")
	total := len(seq(1, 5000)) // 23,893 bytes
	out := read(t, m, info.ID, "")
	first, _, _ := strings.Cut(out.Text, "\n")
	k, err := strconv.Atoi(first)
	if err != nil || out.Text != seq(k, 5000) || k < 4000 {
		t.Fatalf("second read does not end with whole lines up to 5000: %q…", out.Text[:min(40, len(out.Text))])
	}
	if want := droppedAfter(total); out.Dropped != want {
		t.Errorf("second read: dropped %d, want %d", out.Dropped, want)
	}
	if got, want := out.Omitted+out.Dropped+int64(len(out.Text)), int64(total-len(seq(1, 100))); got != want {
		t.Errorf("second read accounts for %d bytes, want %d", got, want)
	}
	release(t, dir, "go2")
	wait(t, m, info.ID)
	if out := read(t, m, info.ID, ""); out.Text != "end\n" || out.Dropped != 0 || out.Omitted != 0 {
		t.Errorf("third read = %q, dropped %d, omitted %d", out.Text, out.Dropped, out.Omitted)
	}
}

func TestCappedLogFilter(t *testing.T) {
	m, dir := capped(t, spill.Limits{})
	info := start(t, m, dir, "seq 1 5000")
	wait(t, m, info.ID)
	out := read(t, m, info.ID, "^(7|100|2000|4999)$") // 2000 is in the dropped middle
	if out.Text != "7\n100\n4999\n" || out.Dropped != droppedAfter(len(seq(1, 5000))) {
		t.Errorf("filtered read = %q, dropped %d", out.Text, out.Dropped)
	}
}

func TestLogNotSavedBelowReserve(t *testing.T) {
	m, dir := capped(t, spill.Limits{Reserve: 1 << 60})
	info := start(t, m, dir, "echo hello")
	wait(t, m, info.ID)
	out := read(t, m, info.ID, "")
	if out.Text != "hello\n" || out.Unsaved != 0 || out.SaveErr == nil || !strings.Contains(out.SaveErr.Error(), "free disk space") {
		t.Errorf("read = %q, unsaved %d, error %v; want the output from memory and the reason", out.Text, out.Unsaved, out.SaveErr)
	}
	// Only the last 4*MaxRead bytes of unsaved output are kept in memory.
	m, dir = newManager(t, Options{MaxRead: 1000, Spill: spill.NewBudget(spill.Limits{Reserve: 1 << 60})})
	info = start(t, m, dir, "seq 1 5000")
	wait(t, m, info.ID)
	out = read(t, m, info.ID, "")
	total := int64(len(seq(1, 5000)))
	if !strings.HasSuffix(out.Text, "\n4999\n5000\n") || out.Unsaved != total-4000 ||
		out.Unsaved+out.Omitted+int64(len(out.Text)) != total {
		t.Errorf("read = …%q, unsaved %d, omitted %d", out.Text[max(0, len(out.Text)-20):], out.Unsaved, out.Omitted)
	}
	if out := read(t, m, info.ID, "^4999$"); out.Text != "" {
		t.Errorf("a second read returned %q again", out.Text)
	}
}

func TestPending(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	w.Write([]byte("12345"))
	if n := pending(r); n != 5 && runtime.GOOS == "linux" {
		t.Errorf("pending = %d, want 5", n)
	}
}
