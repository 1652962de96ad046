package command

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkLoad is the start-up cost of a project with 100 commands (in
// 10 namespaces) and 20 skills, the walk from a subdirectory to the
// repository root included.
func BenchmarkLoad(b *testing.B) {
	repo := b.TempDir()
	write(b, filepath.Join(repo, ".git/HEAD"), "x")
	for i := range 100 {
		write(b, filepath.Join(repo, fmt.Sprintf(".claude/commands/ns%d/cmd%d.md", i%10, i)),
			"---\ndescription: command\nallowed-tools: Bash(git status:*), Read\n---\nDo $ARGUMENTS\n")
	}
	for i := range 20 {
		write(b, filepath.Join(repo, fmt.Sprintf(".claude/skills/s%d/SKILL.md", i)),
			"---\nname: s"+fmt.Sprint(i)+"\ndescription: >\n  a skill\n  in two lines\n---\n"+strings.Repeat("Step.\n", 200))
	}
	cwd := filepath.Join(repo, "a", "b")
	b.ReportAllocs()
	for b.Loop() {
		set, problems := Load(Options{Cwd: cwd})
		if len(set.All()) != 120 || len(problems) != 0 {
			b.Fatalf("%d definitions, %v", len(set.All()), problems)
		}
	}
}

// BenchmarkExpand expands a 1,000-line body with placeholders and two
// commands (the shell is a stub: this is corvid's own cost).
func BenchmarkExpand(b *testing.B) {
	body := strings.Repeat("Use $0 and $1 (all: $ARGUMENTS) in ${CLAUDE_PROJECT_DIR}.\n", 1000) +
		"!`git status`\n```!\ngit log -1\n```\n"
	c := &Command{Name: "x", Body: body}
	env := Env{SessionID: "s", ProjectDir: "/p", Shell: func(context.Context, string) (string, error) { return "out", nil }}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Expand(context.Background(), `one "two three"`, env); err != nil {
			b.Fatal(err)
		}
	}
}
