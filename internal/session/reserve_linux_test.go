package session

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"corvid/internal/provider"
)

// mountTmpfs mounts a tmpfs of size on a new directory for the test, or
// skips where that is not allowed.
func mountTmpfs(t *testing.T, size string) string {
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size); err != nil {
		t.Skip("cannot mount a tmpfs:", err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
	return dir
}

func freeBytes(t *testing.T, dir string) int64 {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	return int64(st.Bavail) * st.Bsize
}

// fill writes zeros into a new file in dir until the disk is full.
func fill(t *testing.T, dir string) {
	f, err := os.Create(filepath.Join(dir, "fill"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 64<<10)
	for {
		if _, err := f.Write(buf); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			return
		}
	}
}

// On a real disk that fills up, the entry in flight (a 20 KB tool result)
// still lands whole in the reserved room; the failed top-up is the
// failure, so the next entry is refused and the record ends complete.
// Close gives the unused room back.
func TestReserveKeepsRoomForTheRecord(t *testing.T) {
	dir := mountTmpfs(t, "1m")
	path := filepath.Join(dir, "s.jsonl")
	before := freeBytes(t, dir)
	w := NewWriter(path, testMeta)
	defer w.Close()
	must(w.User([]provider.Block{text("go")}, UserOptions{}))
	use := must(w.Assistant(AssistantEntry{MessageID: "m", Model: "x", Block: toolUse("t", "Bash", `{}`)}))
	if used := before - freeBytes(t, dir); used < ReserveBytes {
		t.Fatalf("%d bytes in use after the first entries, want at least the reserve (%d)", used, ReserveBytes)
	}
	fill(t, dir)
	big := strings.Repeat("0123456789\n", 2000)
	if _, err := w.ToolResult(result("t", big), nil, use); err != nil {
		t.Fatalf("the result did not fit in the reserve: %v", err)
	}
	if !errors.Is(w.Err(), syscall.ENOSPC) {
		t.Errorf("Err() = %v, want ENOSPC from the failed top-up", w.Err())
	}
	if _, err := w.User([]provider.Block{text("more")}, UserOptions{}); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("next entry: %v, want it refused", err)
	}
	tr := load(t, path)
	if len(tr.Messages) != 3 || tr.Messages[2].Content[0].Content[0].Text != big || tr.Skipped != 0 {
		t.Errorf("history of %d messages, skipped %d; want the whole result", len(tr.Messages), tr.Skipped)
	}
	os.Remove(filepath.Join(dir, "fill"))
	free := freeBytes(t, dir)
	w.Close()
	if got := freeBytes(t, dir) - free; got < ReserveBytes/2 {
		t.Errorf("Close freed %d bytes, want the unused reserve back", got)
	}
}
