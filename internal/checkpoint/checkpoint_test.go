package checkpoint

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func open(t *testing.T, dir string) *Store {
	t.Helper()
	s := &Store{FileCap: 1 << 10, SessionCap: 4 << 10}
	if err := s.Open(dir); err != nil {
		t.Fatal(err)
	}
	return s
}

// Two turns change real files the way the tools do (checkpoint, then
// write): restoring to before the first puts a modified file back, removes
// the one the turns created and recreates the one removed since, with
// the +/- counts of what the turns did; restoring to before the second
// only undoes the second turn. A second Store on the same directory (a
// resumed session) restores the same way.
func TestCheckpointAndRestore(t *testing.T) {
	work, dir := t.TempDir(), t.TempDir()
	mod, made, gone := filepath.Join(work, "mod.go"), filepath.Join(work, "new", "made.go"), filepath.Join(work, "gone.txt")
	write(t, mod, "a\nb\nc\n")
	write(t, gone, "keep me\n")
	s := open(t, dir)

	s.Begin("p1")
	s.Before(mod)
	write(t, mod, "a\nB\nc\nd\n")
	s.Before(mod) // the second change in a turn keeps the first checkpoint
	write(t, mod, "a\nB\nc\nd\ne\n")
	s.Before(made)
	os.MkdirAll(filepath.Dir(made), 0o755)
	write(t, made, "x\ny\n")
	s.Begin("p2")
	s.Before(mod)
	write(t, mod, "changed in p2\n")
	s.Before(gone)
	os.Remove(gone)
	s.Begin("")

	got := s.Changes([]string{"p1", "p2"})
	want := []Change{{Path: mod, Added: 1, Removed: 3}, {Path: made, Added: 2, Created: true}, {Path: gone, Removed: 1, Deleted: true}}
	if !slices.Equal(got, want) {
		t.Fatalf("changes =\n %+v\nwant\n %+v", got, want)
	}
	if got := s.Changes([]string{"p2"}); len(got) != 2 || got[0].Path != mod || got[1].Path != gone {
		t.Fatalf("changes of p2 = %+v", got)
	}

	r := open(t, dir) // a resumed session
	rep := r.Restore([]string{"p2"})
	if !slices.Equal(rep.Restored, []string{mod, gone}) || len(rep.Failed) != 0 {
		t.Fatalf("restore p2 = %+v", rep)
	}
	if read(t, mod) != "a\nB\nc\nd\ne\n" || read(t, gone) != "keep me\n" || read(t, made) != "x\ny\n" {
		t.Fatalf("after restoring p2: %q %q %q", read(t, mod), read(t, gone), read(t, made))
	}
	rep = r.Restore([]string{"p1", "p2"})
	if !slices.Equal(rep.Restored, []string{mod, made}) || len(rep.Failed) != 0 {
		t.Fatalf("restore p1 = %+v", rep)
	}
	if read(t, mod) != "a\nb\nc\n" {
		t.Errorf("mod.go = %q", read(t, mod))
	}
	if _, err := os.Stat(made); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the created file is still there: %v", err)
	}
	if got := r.Changes([]string{"p1", "p2"}); len(got) != 0 {
		t.Errorf("after restoring, changes = %+v, want none", got)
	}
}

// A file over the per-file cap, and one past the session's budget, are
// recorded as not restorable, and Restore says so and leaves them alone.
func TestCheckpointCaps(t *testing.T) {
	work := t.TempDir()
	s := open(t, t.TempDir())
	big := filepath.Join(work, "big")
	write(t, big, strings.Repeat("x\n", 600)) // 1200 bytes > 1 KiB
	var small []string
	for i := range 5 { // 5 × 1000 bytes > the 4 KiB budget
		p := filepath.Join(work, string(rune('a'+i)))
		write(t, p, strings.Repeat(string(rune('a'+i)), 999)+"\n")
		small = append(small, p)
	}
	s.Begin("p1")
	for _, p := range append([]string{big}, small...) {
		s.Before(p)
		write(t, p, "new\n")
	}
	ch := s.Changes([]string{"p1"})
	if len(ch) != 6 || !strings.Contains(ch[0].Lost, ErrTooBig.Error()) || ch[4].Lost != "" ||
		ch[5].Lost != ErrBudget.Error() {
		t.Fatalf("changes = %+v, want the big file and the fifth small one not restorable", ch)
	}
	rep := s.Restore([]string{"p1"})
	if len(rep.Restored) != 4 || len(rep.Failed) != 2 || rep.Failed[0].Path != big || rep.Failed[1].Path != small[4] {
		t.Fatalf("report = %+v", rep)
	}
	if read(t, big) != "new\n" || read(t, small[4]) != "new\n" || read(t, small[0])[0] != 'a' {
		t.Errorf("files after restore: big %q, fifth %q, first %q", read(t, big), read(t, small[4]), read(t, small[0]))
	}
}

// A symbolic link swapped in after the checkpoint, at the file or at a
// directory on its way, is refused: the file it points to outside is not
// written, and the report names the file as not restored.
func TestRestoreRefusesSwappedLinks(t *testing.T) {
	work, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim")
	write(t, victim, "outside\n")
	file := filepath.Join(work, "f.txt")
	sub := filepath.Join(work, "sub")
	os.Mkdir(sub, 0o755)
	inSub := filepath.Join(sub, "victim")
	write(t, file, "before\n")
	write(t, inSub, "before\n")
	s := open(t, t.TempDir())
	s.Begin("p1")
	for _, p := range []string{file, inSub} {
		s.Before(p)
		write(t, p, "after\n")
	}
	// Since: the file became a link to a file outside, and the directory
	// became a link to the outside directory.
	os.Remove(file)
	if err := os.Symlink(victim, file); err != nil {
		t.Fatal(err)
	}
	os.RemoveAll(sub)
	if err := os.Symlink(outside, sub); err != nil {
		t.Fatal(err)
	}
	ch := s.Changes([]string{"p1"})
	if len(ch) != 2 || ch[0].Lost != ErrLinked.Error() || ch[1].Lost != ErrLinked.Error() {
		t.Fatalf("changes = %+v, want both refused", ch)
	}
	rep := s.Restore([]string{"p1"})
	if len(rep.Restored) != 0 || len(rep.Failed) != 2 {
		t.Fatalf("report = %+v", rep)
	}
	if got := read(t, victim); got != "outside\n" {
		t.Fatalf("the file outside was written through a link: %q", got)
	}
	if l, err := os.Readlink(file); err != nil || l != victim {
		t.Errorf("the link was changed: %q %v", l, err)
	}
}

// A file reached through a link when it was checkpointed is recorded at
// its real place, and restored there.
func TestCheckpointResolvesLinks(t *testing.T) {
	work := t.TempDir()
	real := filepath.Join(work, "real.txt")
	link := filepath.Join(work, "link.txt")
	write(t, real, "one\n")
	os.Symlink(real, link)
	s := open(t, t.TempDir())
	s.Begin("p1")
	s.Before(link)
	write(t, link, "two\n")
	ch := s.Changes([]string{"p1"})
	if len(ch) != 1 || ch[0].Path != real || ch[0].Lost != "" {
		t.Fatalf("changes = %+v, want the real file", ch)
	}
	if rep := s.Restore([]string{"p1"}); len(rep.Restored) != 1 || read(t, real) != "one\n" {
		t.Fatalf("report %+v, file %q", rep, read(t, real))
	}
}

// Drop forgets abandoned turns and the content only they kept; the index
// on disk says so for a later process.
func TestDrop(t *testing.T) {
	work, dir := t.TempDir(), t.TempDir()
	f := filepath.Join(work, "f")
	write(t, f, "one\n")
	s := open(t, dir)
	s.Begin("p1")
	s.Before(f)
	write(t, f, "two\n")
	s.Drop([]string{"p1"})
	if ch := open(t, dir).Changes([]string{"p1"}); len(ch) != 0 {
		t.Fatalf("changes after drop = %+v", ch)
	}
	blobs, _ := filepath.Glob(filepath.Join(dir, "blobs", "*", "*"))
	if len(blobs) != 0 {
		t.Errorf("blobs left: %v", blobs)
	}
}

// Sweep removes old sessions' checkpoints, keeps recent ones and the
// current session's, and does not follow a linked checkpoint directory.
func TestSweep(t *testing.T) {
	projects := t.TempDir()
	mk := func(session string, age time.Duration) string {
		dir := filepath.Join(projects, "-p", session, DirName)
		os.MkdirAll(filepath.Join(dir, "blobs", "ab"), 0o755)
		write(t, filepath.Join(dir, "index.json"), "{}")
		write(t, filepath.Join(dir, "blobs", "ab", "abc"), "x")
		at := time.Now().Add(-age)
		os.Chtimes(filepath.Join(dir, "index.json"), at, at)
		return dir
	}
	old, recent, current := mk("old", 48*time.Hour), mk("recent", time.Minute), mk("current", 48*time.Hour)
	outside := t.TempDir()
	write(t, filepath.Join(outside, "index.json"), "{}")
	os.MkdirAll(filepath.Join(projects, "-p", "linked"), 0o755)
	os.Symlink(outside, filepath.Join(projects, "-p", "linked", DirName))
	if n := Sweep(t.Context(), projects, time.Now().Add(-24*time.Hour), filepath.Dir(current)); n != 1 {
		t.Errorf("removed %d, want 1", n)
	}
	if _, err := os.Stat(old); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the old checkpoints are still there: %v", err)
	}
	for _, p := range []string{recent, current, filepath.Join(outside, "index.json")} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

// A file that could not be kept but that the turn did not change after
// all (the tool failed) is not listed; kept content that was tampered
// with is refused rather than written back.
func TestUnchangedAndDamaged(t *testing.T) {
	work, dir := t.TempDir(), t.TempDir()
	big, small := filepath.Join(work, "big"), filepath.Join(work, "small")
	write(t, big, strings.Repeat("x", 2000))
	write(t, small, "before\n")
	s := open(t, dir)
	s.Begin("p1")
	s.Before(big) // over the cap, and then left alone
	s.Before(small)
	write(t, small, "after\n")
	ch := s.Changes([]string{"p1"})
	if len(ch) != 1 || ch[0].Path != small {
		t.Fatalf("changes = %+v, want only the changed file", ch)
	}
	blobs, _ := filepath.Glob(filepath.Join(dir, "blobs", "*", "*"))
	if len(blobs) != 1 {
		t.Fatalf("blobs = %v", blobs)
	}
	os.Chmod(blobs[0], 0o600)
	write(t, blobs[0], "tampered\n")
	rep := s.Restore([]string{"p1"})
	if len(rep.Restored) != 0 || len(rep.Failed) != 1 || !strings.Contains(rep.Failed[0].Reason, ErrDamaged.Error()) {
		t.Fatalf("report = %+v", rep)
	}
	if read(t, small) != "after\n" {
		t.Errorf("small = %q", read(t, small))
	}
}
