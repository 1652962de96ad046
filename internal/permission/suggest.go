package permission

import (
	"path"
	"slices"
	"strings"

	"corvid/internal/shell"
)

// exactOnly are programs for which a prefix rule would grant too much
// (they run whatever their arguments say, or destroy data): an "always"
// answer saves the exact command instead.
var exactOnly = []string{"sh", "bash", "zsh", "dash", "ksh", "fish", "eval", "exec", "source", ".",
	"python", "python2", "python3", "node", "deno", "bun", "ruby", "perl", "php", "lua", "sudo", "doas",
	"su", "env", "xargs", "ssh", "awk", "gawk", "find", "npx", "curl", "wget"}

// needSubcommand are programs whose prefix rule must name a subcommand:
// `Bash(git *)` would allow `git push --force`.
var needSubcommand = []string{"git", "docker", "kubectl", "npm", "yarn", "pnpm", "cargo", "go", "make"}

// subcommandWords lead to a third word in the prefix: `npm run test`.
var subcommandWords = []string{"run", "exec", "compose", "mod", "remote", "stash", "worktree", "workspace"}

// bashSuggestion is the rule an "always" answer saves for one
// subcommand: a prefix rule `Bash(npm run test *)` for ordinary
// programs, the exact command for the ones in exactOnly and for
// anything destructive.
func bashSuggestion(cmd shell.Command) suggestion {
	canon := allowCandidates(cmd)[0]
	name := path.Base(cmd.Name.Text)
	if strings.Contains(canon, xargsInput) || !cmd.Name.Static() {
		return suggestion{}
	}
	prefix := prefixWords(cmd)
	exact := slices.Contains(exactOnly, name) || cmd.Destructive() || prefix == "" ||
		!strings.HasPrefix(canon, prefix)
	if exact {
		return suggestion{rule: "Bash(" + escapePattern(canon) + ")", persist: true}
	}
	return suggestion{rule: "Bash(" + escapePattern(prefix) + " *)", persist: true}
}

// prefixWords returns the program and up to two subcommand words, or ""
// when the command has no such prefix.
func prefixWords(cmd shell.Command) string {
	ws := []string{cmd.Name.Text}
	for i, a := range cmd.Args {
		if i >= 2 || !subcommandLike(a) || (i == 1 && !slices.Contains(subcommandWords, ws[1])) {
			break
		}
		ws = append(ws, a.Text)
	}
	if slices.Contains(needSubcommand, cmd.Name.Text) && len(ws) < 2 {
		return ""
	}
	return strings.Join(ws, " ")
}

// subcommandLike reports whether a word looks like a subcommand: a
// lower-case word, not an option or a path.
func subcommandLike(w shell.Word) bool {
	if !w.Static() || w.Text == "" || w.Text[0] < 'a' || w.Text[0] > 'z' {
		return false
	}
	for _, c := range w.Text {
		if !isWordRune(c) && c != '-' && c != ':' {
			return false
		}
	}
	return true
}
