package read

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"corvid/internal/filestate"
	"corvid/internal/tool"
	"corvid/internal/tool/tooltest"
)

func TestRecordsReads(t *testing.T) {
	f := newFixture(t)
	for name, data := range textFiles(t) {
		f.write(t, name, data)
	}
	cases := []struct {
		input         string
		path          string
		partial       bool
		offset, limit int
	}{
		{`{"file_path":"$DIR/a.txt"}`, "a.txt", false, 1, 3},
		{`{"file_path":"$DIR/ten.txt","offset":3,"limit":4}`, "ten.txt", true, 3, 4},
		{`{"file_path":"$DIR/many.txt"}`, "many.txt", true, 1, 2000},
		{`{"file_path":"$DIR/nofinal.txt","offset":1,"limit":100}`, "nofinal.txt", false, 1, 2},
		{`{"file_path":"$DIR/empty.txt"}`, "empty.txt", false, 0, 0},
	}
	for _, c := range cases {
		p := filepath.Join(f.dir, c.path)
		f.files.Forget(p)
		if r := f.call(t, c.input); r.Result.IsError {
			t.Fatalf("%s: %s", c.input, r.Text())
		}
		e, ok := f.files.Get(p)
		if !ok || e.Partial != c.partial || e.Offset != c.offset || e.Limit != c.limit || !e.HasHash {
			t.Errorf("%s: entry %+v (recorded %v)", c.input, e, ok)
		}
		if err := f.files.CheckFresh(p); err != nil {
			t.Errorf("%s: not fresh after reading: %v", c.input, err)
		}
	}
	f.call(t, `{"file_path":"$DIR/blob.bin"}`)
	if _, ok := f.files.Get(filepath.Join(f.dir, "blob.bin")); ok {
		t.Error("a refused binary file was recorded as read")
	}
}

func TestSpecialFiles(t *testing.T) {
	f := newFixture(t)
	fifo := filepath.Join(f.dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	gone := f.write(t, "gone.txt", []byte("soon gone\n"))
	if err := os.Remove(gone); err != nil {
		t.Fatal(err)
	}
	f.write(t, "target.txt", []byte("via link\n"))
	if err := os.Symlink(filepath.Join(f.dir, "target.txt"), filepath.Join(f.dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(f.dir, "nowhere"), filepath.Join(f.dir, "dangling")); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		isError bool
	}{{"pipe", true}, {"gone.txt", true}, {"link.txt", false}, {"dangling", true}}
	for _, c := range cases {
		r := f.call(t, `{"file_path":"$DIR/`+c.name+`"}`)
		if r.Result.IsError != c.isError {
			t.Errorf("%s: IsError = %v: %s", c.name, r.Result.IsError, r.Text())
		}
		f.golden(t, "special_"+strings.TrimSuffix(c.name, ".txt"), r.Text())
	}
}

func TestMetadata(t *testing.T) {
	tl := New(filestate.New())
	in := json.RawMessage(`{"file_path":"/x"}`)
	if tl.Name() != "Read" || !tl.IsReadOnly(in) || !tl.IsConcurrencySafe(in) || tl.IsDestructive(in) {
		t.Error("Read must be named Read, read-only, concurrency-safe and not destructive")
	}
	if tl.InterruptBehavior() != tool.Cancel {
		t.Error("a read can be cancelled")
	}
	if len(tl.Description()) < 500 {
		t.Error("the description is missing or too short")
	}
	var s struct {
		Properties           map[string]any `json:"properties"`
		Required             []string       `json:"required"`
		AdditionalProperties bool           `json:"additionalProperties"`
	}
	if err := json.Unmarshal(tl.InputSchema(), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Properties) != 4 || s.Properties["pages"] == nil || s.AdditionalProperties ||
		len(s.Required) != 1 || s.Required[0] != "file_path" {
		t.Errorf("schema %+v", s)
	}
}

func TestCancelled(t *testing.T) {
	f := newFixture(t)
	f.write(t, "a.txt", []byte("alpha\n"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := tooltest.Call(t, ctx, f.tl, tooltest.Env(f.dir), map[string]any{"file_path": filepath.Join(f.dir, "a.txt")})
	if !r.Result.IsError || !strings.Contains(r.Text(), "cancel") {
		t.Errorf("a cancelled read gave %q", r.Text())
	}
}

func TestConcurrentReads(t *testing.T) {
	f := newFixture(t)
	f.write(t, "many.txt", numbered(2500, "line %d"))
	done := make(chan string)
	for i := range 8 {
		go func() {
			r := f.call(t, fmt.Sprintf(`{"file_path":"$DIR/many.txt","offset":%d,"limit":1}`, i*100+1))
			done <- r.Text()
		}()
	}
	for range 8 {
		if got := <-done; !strings.HasSuffix(got, fmt.Sprintf("\tline %s", strings.Split(got, "\t")[0])) {
			t.Errorf("got %q", got)
		}
	}
}
