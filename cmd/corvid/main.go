// Command corvid is an agentic coding assistant for the terminal, a
// drop-in for Claude Code's command line and its SDK hosts. See
// internal/cli for the flags and ARCHITECTURE.md for the design.
package main

import (
	"os"

	_ "corvid/cmd/corvid/internal/handover" // hands over to corvid-tui before the initialisers below
	"corvid/internal/cli"
)

func main() { os.Exit(cli.Main()) }
