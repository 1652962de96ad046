// Command corvid-tui is corvid's interactive terminal interface. corvid
// hands over to it when it runs with no -p on a terminal; it takes the
// same flags. It is a program of its own so that the interface's
// libraries, which do heavy work at package initialisation, never slow
// corvid --version, -p or the SDK hosts.
package main

import (
	"os"

	"corvid/internal/cli"
	"corvid/internal/tui"
)

func main() {
	cli.Interactive = tui.Start
	os.Exit(cli.Main())
}
