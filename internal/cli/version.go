package cli

import (
	"fmt"
	"io"

	"corvid/internal/version"
)

// versionFastPath prints the version when it is the whole request
// (`corvid -v`, `corvid --version`, what SDK hosts run before anything
// else) and reports whether it did. Nothing else is built first.
func versionFastPath(args []string, stdout io.Writer) bool {
	if len(args) != 1 || (args[0] != "-v" && args[0] != "--version") {
		return false
	}
	fmt.Fprintln(stdout, version.String())
	return true
}
