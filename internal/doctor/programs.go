package doctor

import (
	"fmt"
	"strings"
)

// programChecks looks for the programs the tools run: the shell of the
// Bash tool (CLAUDE_CODE_SHELL, else bash, else /bin/sh as corvid falls
// back), ripgrep for Grep, and git for the start-up snapshot.
func programChecks(o Options) []Check {
	return []Check{shellCheck(o), optional(o, "rg", "ripgrep",
		"Grep uses its built-in Go engine instead (slower on large trees); install ripgrep"),
		optional(o, "git", "git", "no git snapshot at start-up, and the Bash tool cannot run git")}
}

func shellCheck(o Options) Check {
	want := strings.TrimSpace(o.Setup.Getenv("CLAUDE_CODE_SHELL"))
	name := want
	if name == "" {
		name = "bash"
	}
	if path, err := o.lookPath(name); err == nil {
		return Check{Name: "shell", Status: StatusOK, Detail: fmt.Sprintf("%s (%s)", name, path)}
	}
	detail := fmt.Sprintf("%s not found", name)
	if want != "" {
		detail = fmt.Sprintf("CLAUDE_CODE_SHELL=%s not found", want)
	}
	if path, err := o.lookPath("/bin/sh"); err == nil {
		return Check{Name: "shell", Status: StatusWarn,
			Detail: detail + "; the Bash tool falls back on " + path + ", where bash syntax fails"}
	}
	return Check{Name: "shell", Status: StatusFail, Detail: detail + " and no /bin/sh: the Bash tool cannot run"}
}

func optional(o Options, program, name, without string) Check {
	path, err := o.lookPath(program)
	if err != nil {
		return Check{Name: name, Status: StatusWarn, Detail: "not found: " + without}
	}
	return Check{Name: name, Status: StatusOK, Detail: path}
}
