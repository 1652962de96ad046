package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"syscall"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"corvid/internal/compact"
	"corvid/internal/session"
)

// transcripts returns the session files under $CORVID_CONFIG_DIR, oldest
// first by modification time.
func transcripts(ts *testscript.TestScript) []string {
	paths, err := filepath.Glob(filepath.Join(ts.Getenv("CORVID_CONFIG_DIR"), "projects", "*", "*.jsonl"))
	ts.Check(err)
	mod := func(p string) time.Time {
		st, err := os.Stat(p)
		if err != nil {
			return time.Time{}
		}
		return st.ModTime()
	}
	slices.SortStableFunc(paths, func(a, b string) int { return mod(a).Compare(mod(b)) })
	return paths
}

// sessions N            require N transcripts
// sessions show         print the newest transcript
// sessions valid        the newest transcript has no torn or malformed
//
//	line and loads as a history the API accepts
//
// sessions linear ID [MAX]  see linearSessions (MAX: 2 unless given)
func sessionsCmd(ts *testscript.TestScript, neg bool, args []string) {
	if !neg && (len(args) == 2 || len(args) == 3) && args[0] == "linear" {
		limit := 2
		if len(args) == 3 {
			n, err := strconv.Atoi(args[2])
			ts.Check(err)
			limit = n
		}
		linearSessions(ts, args[1], limit)
		return
	}
	if neg || len(args) != 1 {
		ts.Fatalf("usage: sessions N | show | valid | linear ORIGINAL")
	}
	paths := transcripts(ts)
	switch {
	case args[0] == "show" || args[0] == "valid":
		if len(paths) == 0 {
			ts.Fatalf("no transcript")
		}
		newest := paths[len(paths)-1]
		if args[0] == "valid" {
			validTranscript(ts, newest)
			return
		}
		_, err := ts.Stdout().Write([]byte(ts.ReadFile(newest)))
		ts.Check(err)
		return
	}
	want, err := strconv.Atoi(args[0])
	ts.Check(err)
	if len(paths) != want {
		ts.Fatalf("%d transcripts, want %d: %v", len(paths), want, paths)
	}
	for _, p := range paths {
		st, err := os.Stat(p)
		ts.Check(err)
		if st.Mode().Perm() != 0o600 {
			ts.Fatalf("%s has mode %v, want 0600", p, st.Mode().Perm())
		}
	}
}

// corvidkill9 REGEX ARGS...   start corvid, wait until the newest
// transcript matches REGEX, then SIGKILL it (no chance to clean up).
func (s *servers) corvidKill9(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: corvidkill9 REGEX args...")
	}
	re, err := regexp.Compile(args[0])
	ts.Check(err)
	cmd := s.command(ts, args[1:])
	ts.Check(cmd.Start())
	deadline := time.Now().Add(15 * time.Second)
	for !transcriptMatches(ts, re) {
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			ts.Fatalf("no transcript matched %q in time; stderr: %s", args[0], cmd.Stderr)
		}
		time.Sleep(5 * time.Millisecond) // polling a file, bounded
	}
	ts.Check(cmd.Process.Signal(syscall.SIGKILL))
	_ = cmd.Wait()
}

func transcriptMatches(ts *testscript.TestScript, re *regexp.Regexp) bool {
	paths := transcripts(ts)
	if len(paths) == 0 {
		return false
	}
	data, err := os.ReadFile(paths[len(paths)-1])
	return err == nil && re.Match(data)
}

func validTranscript(ts *testscript.TestScript, path string) {
	tr, err := session.Load(path)
	ts.Check(err)
	if tr.Skipped != 0 {
		ts.Fatalf("%s: %d malformed lines", path, tr.Skipped)
	}
	if err := compact.Validate(tr.Messages); err != nil {
		ts.Fatalf("%s: %v", path, err)
	}
}
