package workspace

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// Env describes the machine and directory a conversation runs in.
type Env struct {
	Cwd       string
	Platform  string // runtime.GOOS
	OSVersion string // kernel name and release, e.g. "Linux 6.8.0"
	Shell     string // base name of $SHELL; "" when unset
	IsGitRepo bool
	Date      string // YYYY-MM-DD in now's location
}

// EnvFacts collects the environment facts. getenv reads variables
// (os.Getenv when nil); isGit says whether cwd is inside a repository.
func EnvFacts(cwd string, now time.Time, getenv func(string) string, isGit bool) Env {
	if getenv == nil {
		getenv = os.Getenv
	}
	shell := getenv("SHELL")
	if shell != "" {
		shell = filepath.Base(shell)
	}
	return Env{
		Cwd:       cwd,
		Platform:  runtime.GOOS,
		OSVersion: osVersion(),
		Shell:     shell,
		IsGitRepo: isGit,
		Date:      now.Format(time.DateOnly),
	}
}

// Render lists the facts one per line, leaving out the date (which
// changes and is rendered by RenderDate) and an unknown shell.
func (e Env) Render() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Working directory: %s\n", e.Cwd)
	fmt.Fprintf(&b, "Inside a git repository: %s\n", yesNo(e.IsGitRepo))
	fmt.Fprintf(&b, "Platform: %s\n", e.Platform)
	fmt.Fprintf(&b, "OS version: %s", e.OSVersion)
	if e.Shell != "" {
		fmt.Fprintf(&b, "\nShell: %s", e.Shell)
	}
	return b.String()
}

// RenderDate states the current date as one sentence.
func (e Env) RenderDate() string {
	return "The current date is " + e.Date + "."
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
