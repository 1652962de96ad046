package idlemem

import (
	"encoding/binary"
	"encoding/csv"
	"encoding/xml"
	"errors"
	"hash/crc64"
	"io"
	"os"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"text/tabwriter"
)

// The parser keeps the executable's private read-only mappings only: the
// writable data mapping (its written pages are the process's own and
// would be lost), shared mappings, other files and anonymous memory are
// never released.
func TestReadOnlySpans(t *testing.T) {
	const maps = `00400000-012dc000 r-xp 00000000 fe:00 105 /opt/my corvid/corvid-tui
012dc000-02662000 r--p 00edc000 fe:00 105 /opt/my corvid/corvid-tui
02662000-027eb000 rw-p 02262000 fe:00 105 /opt/my corvid/corvid-tui
027eb000-04a55000 rw-p 00000000 00:00 0
7f0000000000-7f0000001000 r--s 00000000 fe:00 106 /opt/my corvid/corvid-tui
7f0000001000-7f0000002000 r--p 00000000 fe:00 107 /usr/lib/libc.so.6
7fffd4221000-7fffd4242000 rw-p 00000000 00:00 0 [stack]
`
	got, err := readOnlySpans(strings.NewReader(maps), "/opt/my corvid/corvid-tui")
	if err != nil {
		t.Fatal(err)
	}
	want := []span{{0x400000, 0x12dc000}, {0x12dc000, 0x2662000}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("spans %#v, want %#v", got, want)
	}
	if _, err := readOnlySpans(strings.NewReader(maps), "/usr/bin/other"); !errors.Is(err, ErrNoMappings) {
		t.Fatalf("no mapping of the file: err %v, want ErrNoMappings", err)
	}
}

var (
	escapeText   = xml.EscapeText
	checksum     = crc64.Checksum
	newTabWriter = tabwriter.NewWriter
	newCSVWriter = csv.NewWriter
)

// written lives in the executable's writable data mapping (an
// initialised package variable).
var written = [4]int{1, 2, 3, 4}

// Releasing unmaps the executable's resident pages and loses nothing:
// the pages of functions run before the release are no longer mapped
// after it (until they run again; a page near the code the check itself
// runs may come back with it, so not every one), code runs, and a
// package variable written before the release keeps its value.
func TestReleaseStartupPages(t *testing.T) {
	pm, err := os.Open("/proc/self/pagemap")
	if err != nil {
		t.Skipf("no pagemap: %v", err)
	}
	defer pm.Close()
	// Code of packages the rest of the test does not run, called through
	// variables so that it runs where it was linked (not inlined).
	funcs := []any{escapeText, checksum, newTabWriter, newCSVWriter}
	_ = escapeText(io.Discard, []byte("<a>"))
	_ = checksum([]byte("a"), crc64.MakeTable(crc64.ISO))
	_ = newTabWriter(io.Discard, 1, 1, 1, ' ', 0).Flush()
	newCSVWriter(io.Discard).Flush()
	written[2] = 42
	count := func() (n int) {
		for _, f := range funcs {
			if mapped(t, pm, reflect.ValueOf(f).Pointer()) {
				n++
			}
		}
		return n
	}
	if n := count(); n != len(funcs) {
		t.Fatalf("%d of %d pages of functions just run are mapped; pagemap unreadable?", n, len(funcs))
	}
	if err := ReleaseStartupPages(); err != nil {
		t.Fatal(err)
	}
	if n := count(); n == len(funcs) {
		t.Errorf("all %d pages of functions run before the release are still mapped after it", n)
	}
	if written != [4]int{1, 2, 42, 4} {
		t.Errorf("package variable after the release: %v", written)
	}
	var b strings.Builder
	if err := xml.EscapeText(&b, []byte("<a>")); err != nil || b.String() != "&lt;a&gt;" {
		t.Errorf("code after the release: %q, %v", b.String(), err)
	}
}

// mapped reports whether the page holding addr is mapped in the process
// (bit 63 of its /proc/self/pagemap entry).
func mapped(t *testing.T, pm *os.File, addr uintptr) bool {
	t.Helper()
	var e [8]byte
	if _, err := pm.ReadAt(e[:], int64(addr/uintptr(os.Getpagesize()))*8); err != nil {
		t.Fatal(err)
	}
	return binary.LittleEndian.Uint64(e[:])>>63 == 1
}

// A settler returns the heap on every call and releases the pages on the
// first only, also when called concurrently.
func TestSettler(t *testing.T) {
	var heap, release atomic.Int32
	settle := settler(func() { heap.Add(1) }, func() { release.Add(1) })
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(settle)
	}
	wg.Wait()
	settle()
	if heap.Load() != 4 || release.Load() != 1 {
		t.Errorf("4 calls: heap returned %d times, pages released %d times; want 4 and 1", heap.Load(), release.Load())
	}
}
