package shell

import "testing"

// BenchmarkReadOnly measures the analysis the Bash tool runs for every
// call's IsReadOnly and IsConcurrencySafe.
func BenchmarkReadOnly(b *testing.B) {
	cmds := []string{
		"ls -la",
		"git status && git diff --stat | tail -5",
		`find . -name '*.go' | xargs grep -n "TODO" | sort | uniq -c | head -20 2>/dev/null`,
	}
	for b.Loop() {
		for _, c := range cmds {
			ReadOnly(c)
		}
	}
}
