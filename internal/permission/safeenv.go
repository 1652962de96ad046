package permission

import (
	"slices"
	"strings"

	"corvid/internal/shell"
)

// safeEnvNames are variables whose value only changes output, logging,
// locale or a build's target, never which program runs or what it
// loads. A leading assignment to one of them is stripped before allow
// rules are matched (`NODE_ENV=test npm test` is `npm test`). PATH,
// LD_*, BASH_ENV, PYTHONPATH, NODE_OPTIONS, GOFLAGS, GIT_* and the like
// are not here.
var safeEnvNames = []string{"NODE_ENV", "RUST_LOG", "RUST_BACKTRACE", "DEBUG", "LANG", "LANGUAGE", "TZ",
	"CI", "FORCE_COLOR", "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "COLUMNS", "LINES", "VERBOSE",
	"PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE", "GOOS", "GOARCH", "CGO_ENABLED", "GO111MODULE"}

// safeAssign reports whether an assignment is harmless: a safe name
// (or LC_*) with a static value made of ordinary characters (no path).
func safeAssign(a shell.Assign) bool {
	name := a.Name
	if !slices.Contains(safeEnvNames, name) && !isLocaleVar(name) {
		return false
	}
	if !a.Value.Static() {
		return false
	}
	for _, c := range a.Value.Text {
		if !isWordRune(c) && !strings.ContainsRune(".,:@+*=-", c) {
			return false
		}
	}
	return true
}

func isLocaleVar(name string) bool {
	rest, ok := strings.CutPrefix(name, "LC_")
	return ok && rest != "" && strings.Trim(rest, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
}

// localAssign reports whether a standalone assignment (`x=1`, not in
// front of a command) only sets a script variable: a name with a lower
// case letter that no program reads from its environment (proxies do).
// Upper-case names may already be exported (PATH, LD_PRELOAD…).
func localAssign(a shell.Assign) bool {
	name := a.Name
	if name == "" || strings.ToUpper(name) == name || strings.HasSuffix(strings.ToLower(name), "_proxy") {
		return false
	}
	return true
}
