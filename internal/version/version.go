// Package version holds corvid's two version numbers: the Claude Code
// surface version that SDK hosts check (the Python SDK requires at least
// 2.0.0 from `claude -v`) and corvid's own release. It is a leaf package;
// anything may import it.
package version

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
