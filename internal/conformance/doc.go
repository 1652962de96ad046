// Package conformance compares corvid's headless output with Claude Code's,
// frame by frame.
//
// A Case (testdata/conformance/<name>/case.json) is a scripted session: the
// fake Messages API's scenario, the files the project starts with, the
// command-line flags and prompt, and optionally when to send SIGINT. Run
// plays a case against a binary (the real Claude Code when recording,
// corvid in the test) and returns its output; Normalise replaces what
// differs from run to run (ids, uuids, times, durations, costs, temporary
// paths, versions) with placeholders; Compare walks two normalised runs
// frame by frame and key by key and reports every difference that no
// Allowance explains, and every Allowance that explained nothing.
//
// The recordings of Claude Code are committed next to each case
// (claude.json) and re-made with testdata/conformance/record.sh, so the
// comparison needs no Claude Code binary.
package conformance
