// Package version holds corvid's two version numbers: the Claude Code
// surface version that SDK hosts check (the Python SDK requires at least
// 2.0.0 from `claude -v`) and corvid's own release. It is a leaf package;
// anything may import it.
package version

import "runtime/debug"

// Surface is the Claude Code release whose command line and stream-json
// protocol corvid reproduces. It leads the `--version` output and fills
// claude_code_version in system/init frames.
const Surface = "2.1.330"

// Corvid is corvid's own release.
const Corvid = "0.1.0"

// String is the `--version` line without its newline:
// "2.1.330 (corvid 0.1.0)".
func String() string {
	return Surface + " (corvid " + Corvid + ")"
}

// Commit is the commit a release binary was built from, stamped by the
// release script (-ldflags "-X corvid/internal/version.Commit=…"); empty in
// other builds, where Build falls back on the Go toolchain's VCS stamp.
var Commit string

// Build describes the binary: the commit it was built from (with
// "+dirty" when the tree had changes) and whether cgo was on, which
// decides whether it is static. Unknown parts are left out.
func Build() (commit string, cgo string) {
	commit = Commit
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return commit, ""
	}
	var modified bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			if commit == "" {
				commit = s.Value
			}
		case "vcs.modified":
			modified = s.Value == "true"
		case "CGO_ENABLED":
			cgo = s.Value
		}
	}
	if modified && Commit == "" && commit != "" {
		commit += "+dirty"
	}
	return commit, cgo
}
