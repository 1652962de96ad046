package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// otherInstructions are files other coding tools read for guidance; what
// they say belongs in CLAUDE.md too.
var otherInstructions = []string{"AGENTS.md", ".cursorrules", ".cursor/rules", ".github/copilot-instructions.md",
	".windsurfrules", "README.md"}

// initPrompt asks the model to explore the repository at dir and write
// its CLAUDE.md, or improve the one there; the local scan is its
// starting point.
func initPrompt(dir string, s *repoScan) string {
	var b strings.Builder
	b.WriteString("Set up this repository's CLAUDE.md: the file of guidance that coding agents, you included, " +
		"read at the start of every session in this directory.\n\n")
	if exists(dir, "CLAUDE.md") {
		b.WriteString("A CLAUDE.md is already there. Read it first and improve it in place with Edit rather than " +
			"rewriting it: keep what is still right (the author's own notes above all), fix what is out of date, " +
			"add what is missing, remove what is wrong.\n\n")
	} else {
		b.WriteString("There is no CLAUDE.md yet: create one at the repository root with Write, starting with a " +
			"`# CLAUDE.md` heading and one line saying it guides coding agents working in this repository.\n\n")
	}
	b.WriteString("Look around before writing: the README, the build and CI files, and a few representative " +
		"source files and tests. Then record what a newcomer would otherwise have to work out again:\n" +
		"1. The commands to build, run the tests (all of them, and a single test), lint and format, " +
		"exactly as this project runs them.\n" +
		"2. The architecture in broad strokes: the main parts, how they fit together and where each usual kind " +
		"of change goes. Favour what takes reading several files to see over what one directory listing shows.\n" +
		"3. The conventions that are not obvious at a glance: style rules no linter enforces, naming, error " +
		"handling, how tests are laid out.\n")
	if found := foundInstructions(dir); len(found) > 0 {
		fmt.Fprintf(&b, "\nThese files hold guidance for people or other tools; carry over what matters from them: %s.\n",
			strings.Join(found, ", "))
	}
	b.WriteString("\nKeep it short and particular to this repository: no generic advice (write tests, handle errors), " +
		"no inventory of every file, nothing made up. A command you are not sure of, check or leave out.\n\n")
	b.WriteString("A quick local scan found the following. Treat it as a starting point to check, not as the answer:\n\n")
	b.WriteString(s.markdown("###"))
	return b.String()
}

// foundInstructions are the otherInstructions files present in dir.
func foundInstructions(dir string) []string {
	var out []string
	for _, name := range otherInstructions {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			out = append(out, name)
		}
	}
	return out
}
