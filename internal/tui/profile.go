package tui

import (
	"os"

	"github.com/charmbracelet/colorprofile"
)

// Profile is the terminal's colour profile; NO_COLOR turns colour off.
func Profile(out *os.File, getenv func(string) string) colorprofile.Profile {
	if getenv("NO_COLOR") != "" {
		return colorprofile.Ascii
	}
	return colorprofile.Detect(out, os.Environ())
}
