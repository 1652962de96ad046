package idlemem

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// ReleaseStartupPages unmaps the executable's read-only pages (code,
// constants, the function tables) from the process. They are clean
// pages of the page cache, so nothing is lost: what the process touches
// again is mapped back by a minor fault. The writable data mapping is
// left alone.
func ReleaseStartupPages() error {
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("idlemem: %w", err)
	}
	f, err := os.Open("/proc/self/maps")
	if err != nil {
		return fmt.Errorf("idlemem: %w", err)
	}
	defer f.Close()
	spans, err := readOnlySpans(f, exe)
	if err != nil {
		return err
	}
	for _, s := range spans {
		if _, _, errno := syscall.Syscall(syscall.SYS_MADVISE, s.lo, s.hi-s.lo, syscall.MADV_DONTNEED); errno != 0 {
			return fmt.Errorf("idlemem: madvise %#x-%#x: %w", s.lo, s.hi, errno)
		}
	}
	return nil
}

// span is an address range [lo, hi).
type span struct{ lo, hi uintptr }

// readOnlySpans reads a /proc/PID/maps listing and returns the private,
// read-only (not writable) mappings of the file path.
func readOnlySpans(r io.Reader, path string) ([]span, error) {
	var out []span
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 6 || strings.Join(f[5:], " ") != path || len(f[1]) != 4 || f[1][0] != 'r' || f[1][1] != '-' || f[1][3] != 'p' {
			continue
		}
		lo, hi, ok := strings.Cut(f[0], "-")
		a, err1 := strconv.ParseUint(lo, 16, 64)
		b, err2 := strconv.ParseUint(hi, 16, 64)
		if !ok || err1 != nil || err2 != nil || b <= a {
			continue
		}
		out = append(out, span{uintptr(a), uintptr(b)})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("idlemem: reading the memory map: %w", err)
	}
	if len(out) == 0 {
		return nil, ErrNoMappings
	}
	return out, nil
}
