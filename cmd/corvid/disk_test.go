package main

import (
	"fmt"
	"os"
	"sync"

	"github.com/rogpeppe/go-internal/testscript"
)

// tmpfs DIR SIZE   mount a tmpfs of SIZE (e.g. 256k) on DIR (created if
// missing) for the rest of the script, to fill a disk for real. Guard it
// with [tmpfs] skip where mounting is not allowed.
func tmpfsCmd(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: tmpfs DIR SIZE")
	}
	dir := ts.MkAbs(args[0])
	ts.Check(os.MkdirAll(dir, 0o700))
	if err := mountTmpfs(dir, args[1]); err != nil {
		ts.Fatalf("mount a tmpfs on %s: %v", dir, err)
	}
	ts.Defer(func() {
		if err := unmount(dir); err != nil {
			ts.Logf("unmount %s: %v", dir, err)
		}
	})
}

var canMount = sync.OnceValue(func() bool {
	dir, err := os.MkdirTemp("", "corvid-tmpfs-probe")
	if err != nil {
		return false
	}
	defer os.Remove(dir)
	if mountTmpfs(dir, "4k") != nil {
		return false
	}
	return unmount(dir) == nil
})

// condition answers the scripts' custom conditions: [tmpfs] is whether
// this process may mount a tmpfs.
func condition(cond string) (bool, error) {
	if cond == "tmpfs" {
		return canMount(), nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}
