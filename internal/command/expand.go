package command

import (
	"context"
	"fmt"
	"strings"
)

// MaxShellOutput caps one !`command`'s output in the body; maxShell caps
// how many commands one body may run.
const (
	MaxShellOutput = 30000
	maxShell       = 20
)

// Env is what an expansion uses besides the arguments.
type Env struct {
	SessionID, ProjectDir string
	// Shell runs one !`command` and returns its output (stdout and
	// stderr). It checks permission first and returns Denied(reason) for
	// a refusal. nil refuses every command with ErrNoShell.
	Shell func(ctx context.Context, command string) (string, error)
}

// Expand returns the body to send for one invocation with args. A
// refused or failing !`command` aborts it with a *ShellError; nothing
// the body names runs after that.
func (c *Command) Expand(ctx context.Context, args string, env Env) (string, error) {
	v := &vars{args: args, positional: SplitArgs(args), named: map[string]string{
		"CLAUDE_SESSION_ID": env.SessionID, "CLAUDE_PROJECT_DIR": env.ProjectDir, "CLAUDE_SKILL_DIR": c.Dir,
	}}
	segs := segments(c.Body)
	var b strings.Builder
	ran := 0
	for _, s := range segs {
		if !s.shell {
			b.WriteString(v.subst(s.text))
			continue
		}
		if ran++; ran > maxShell {
			return "", &ShellError{File: c.Path, Pattern: s.text, Err: fmt.Errorf("more than %d commands in one body", maxShell)}
		}
		out, err := c.run(ctx, env, v.subst(s.text))
		if err != nil {
			return "", &ShellError{File: c.Path, Pattern: s.text, Err: err}
		}
		b.WriteString(out)
	}
	body := b.String()
	if !v.used && strings.TrimSpace(args) != "" {
		body += "\n\nARGUMENTS: " + args
	}
	if c.Kind == KindSkill && c.Dir != "" {
		body = "Base directory for this skill: " + c.Dir + "\n\n" + body
	}
	return body, nil
}

// run runs one command and caps its output.
func (c *Command) run(ctx context.Context, env Env, cmd string) (string, error) {
	if env.Shell == nil {
		return "", ErrNoShell
	}
	out, err := env.Shell(ctx, cmd)
	if err != nil {
		return "", err
	}
	out = strings.TrimRight(out, "\n")
	if len(out) > MaxShellOutput {
		cut := out[:MaxShellOutput]
		out = strings.ToValidUTF8(cut, "") + fmt.Sprintf("\n[output truncated: %d of %d bytes shown]", len(cut), len(out))
	}
	return out, nil
}

// segment is literal text or a shell command.
type segment struct {
	text  string
	shell bool
}

// segments splits a body at its !`command` spans (at a line's start or
// after a blank) and its ```! fenced blocks.
func segments(body string) []segment {
	var out []segment
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			out = append(out, segment{text: text.String()})
			text.Reset()
		}
	}
	lines := strings.SplitAfter(body, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), "```!") {
			if cmd, end, ok := fenced(lines, i); ok {
				flush()
				out = append(out, segment{text: cmd, shell: true})
				i = end
				if strings.HasSuffix(lines[end], "\n") {
					text.WriteString("\n")
				}
				continue
			}
		}
		for _, s := range inline(line) {
			if s.shell {
				flush()
				out = append(out, s)
			} else {
				text.WriteString(s.text)
			}
		}
	}
	flush()
	return out
}

// fenced reads a ```! block starting at lines[i]: its command and the
// index of the closing fence.
func fenced(lines []string, i int) (string, int, bool) {
	var cmd []string
	for j := i + 1; j < len(lines); j++ {
		if strings.TrimSpace(lines[j]) == "```" {
			return strings.TrimSpace(strings.Join(cmd, "")), j, len(cmd) > 0
		}
		cmd = append(cmd, lines[j])
	}
	return "", 0, false
}

// inline splits one line at its !`command` spans.
func inline(line string) []segment {
	var out []segment
	start := 0
	for i := 0; i+1 < len(line); i++ {
		if line[i] != '!' || line[i+1] != '`' || (i > 0 && line[i-1] != ' ' && line[i-1] != '\t') {
			continue
		}
		end := strings.IndexByte(line[i+2:], '`')
		if end <= 0 || strings.TrimSpace(line[i+2:i+2+end]) == "" {
			continue
		}
		out = append(out, segment{text: line[start:i]}, segment{text: line[i+2 : i+2+end], shell: true})
		i += 2 + end
		start = i + 1
	}
	return append(out, segment{text: line[start:]})
}
