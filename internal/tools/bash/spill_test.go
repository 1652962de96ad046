package bash

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"corvid/internal/spill"
	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
)

// spillPath is where the fixture's calls spill.
func (f *fixture) spillPath() string {
	return filepath.Join(f.env.SessionDir, "tool-results", "bash-toolu_test.txt")
}

// noteOf is the part of a result after the shown output.
func noteOf(text string) string {
	_, note, _ := strings.Cut(text, "\n\nThe output had")
	return note
}

func TestSpillFileIsCapped(t *testing.T) {
	const maxFile = 4096 // a head of 1024 bytes, a tail of at most 3072
	f := newFixture(t, Options{MaxOutput: 1000, Spill: spill.NewBudget(spill.Limits{MaxFile: maxFile})})
	full := []byte(seqOutput(100_000)) // 588,895 bytes
	r := f.cmd("seq 1 100000")
	// The tail's older half (1536 bytes) goes each time it is full.
	dropped := 1536 * ((len(full) - maxFile + 1535) / 1536)
	marker := "\n... [" + itoa(dropped) + " bytes dropped] ...\n"
	want := string(full[:1024]) + marker + string(full[1024+dropped:])
	data, err := os.ReadFile(f.spillPath())
	if err != nil || string(data) != want {
		t.Fatalf("spill file has %d bytes (%v), want %d: head, marker, tail", len(data), err, len(want))
	}
	if len(data) > maxFile+len(marker) {
		t.Errorf("spill file has %d bytes, over the cap and its marker", len(data))
	}
	note := noteOf(r.Text())
	if !strings.Contains(note, f.spillPath()) || !strings.Contains(note, itoa(dropped)+" bytes from its middle") {
		t.Errorf("the note does not say what was dropped: %q", note)
	}
	if body, _, _ := strings.Cut(r.Text(), "\n\nThe output had"); !strings.HasSuffix(body, "\n100000") {
		t.Errorf("the shown output lost its end: %q", body[len(body)-50:])
	}
}

func TestReserveStopsSpilling(t *testing.T) {
	f := newFixture(t, Options{MaxOutput: 1000, Spill: spill.NewBudget(spill.Limits{Reserve: 1 << 60})})
	r := f.cmd("seq 1 50000")
	if _, err := os.Stat(f.spillPath()); !os.IsNotExist(err) {
		t.Errorf("output was spilled below the free-space reserve: %v", err)
	}
	note := noteOf(r.Text())
	if !strings.Contains(note, "could not be saved") || !strings.Contains(note, "free disk space") {
		t.Errorf("note = %q", note)
	}
	if !strings.HasPrefix(r.Text(), "1\n2\n") || !strings.Contains(r.Text(), "50000\n") {
		t.Errorf("the shown head and tail are missing: %q", r.Text())
	}
}

func TestSessionSpillTotal(t *testing.T) {
	f := newFixture(t, Options{MaxOutput: 1000,
		Spill: spill.NewBudget(spill.Limits{MaxFile: 1 << 20, MaxSession: 300_000})})
	first := f.run(map[string]any{"command": "seq 1 40000"}) // 228,894 bytes
	if !strings.Contains(noteOf(first.Text()), "was saved to") {
		t.Fatalf("first spill: %q", noteOf(first.Text()))
	}
	second := f.runID("toolu_second", map[string]any{"command": "seq 1 40000"})
	if note := noteOf(second.Text()); !strings.Contains(note, "could not be saved") || !strings.Contains(note, "size limit") {
		t.Errorf("second spill past the session total: %q", note)
	}
	if _, err := os.Stat(filepath.Join(f.env.SessionDir, "tool-results", "bash-toolu_second.txt")); !os.IsNotExist(err) {
		t.Errorf("a partial spill file was left: %v", err)
	}
}

// failingFile fails every write, like a full disk.
type failingFile struct{ *os.File }

func (failingFile) WriteAt([]byte, int64) (int, error) { return 0, syscall.ENOSPC }

func TestSpillWriteErrorRemovesTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "spill.txt")
	c := newCapture(100, func() (*spill.Writer, error) {
		file, err := os.Create(path)
		return spill.NewBudget(spill.Limits{}).Writer(filepath.Dir(path), failingFile{file}), err
	})
	c.write(bytes.Repeat([]byte("x"), 1000))
	out := c.result()
	if out.path != "" || out.spillErr == nil {
		t.Fatalf("result = %+v, want a spill error and no path", out)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the partial spill file was left: %v", err)
	}
	if note := spillNote(out, 100, 0); !strings.Contains(note, "could not be saved") || !strings.Contains(note, "no space left") {
		t.Errorf("note = %q", note)
	}
}

// TestSpillOnFullDisk spills to a small tmpfs that the command fills
// while it prints: the spill hits ENOSPC and its file is removed.
func TestSpillOnFullDisk(t *testing.T) {
	mnt := t.TempDir()
	if err := exec.Command("mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", mnt).Run(); err != nil {
		t.Skipf("cannot mount a tmpfs: %v", err)
	}
	t.Cleanup(func() { exec.Command("umount", mnt).Run() })
	f := newFixture(t, Options{MaxOutput: 1000, Spill: spill.NewBudget(spill.Limits{Reserve: 1})})
	f.env.SessionDir = filepath.Join(mnt, "session")
	r := f.cmd("head -c 300000 /dev/zero | tr '\\0' x; head -c 3000000 /dev/zero > " + mnt + "/filler 2>/dev/null; " +
		"head -c 1000000 /dev/zero | tr '\\0' y")
	if _, err := os.Stat(f.spillPath()); !os.IsNotExist(err) {
		t.Errorf("the partial spill file was left on the full disk: %v", err)
	}
	// The spill began before the disk filled, so its writes hit ENOSPC.
	if note := noteOf(r.Text()); !strings.Contains(note, "could not be saved") || !strings.Contains(note, "no space left on device") {
		t.Errorf("note = %q", note)
	}
	if body, _, _ := strings.Cut(r.Text(), "\n\nThe output had"); !strings.HasSuffix(body, "yyyy") {
		t.Errorf("the shown output lost its end: %q", body[len(body)-50:])
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// runID runs a call with its own ID (tooltest.Call always uses one).
func (f *fixture) runID(id string, input map[string]any) tooltest.Run {
	f.t.Helper()
	raw, _ := json.Marshal(input)
	res, err := f.tool.Call(context.Background(), tool.Call{ID: id, Input: raw, Env: f.env})
	if err != nil {
		f.t.Fatal(err)
	}
	return tooltest.Run{Result: res}
}
