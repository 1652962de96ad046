package shelltest

import (
	"path"
	"strings"

	"corvid/internal/shell"
)

// Unseen returns the programs in execs that no simple command of the
// analysis accounts for. A command accounts for a run when the run's
// program and arguments match its words as written (wrappers included,
// since a wrapper is the program Bash starts) or after wrappers were
// stripped (`command ls` runs ls). A word the analysis marked dynamic
// or glob matches any number of arguments; a static word matches
// exactly, and a program name matches by its base name.
func Unseen(a *shell.Analysis, execs []Exec) []Exec {
	var out []Exec
	for _, x := range execs {
		if !seen(a, x) {
			out = append(out, x)
		}
	}
	return out
}

func seen(a *shell.Analysis, x Exec) bool {
	for _, c := range a.Commands {
		stripped := append([]shell.Word{c.Name}, c.Args...)
		if matches(c.Raw, x, false) || matches(stripped, x, c.MoreArgs) {
			return true
		}
	}
	return false
}

func matches(words []shell.Word, x Exec, more bool) bool {
	if len(words) == 0 {
		return false
	}
	name := words[0]
	if name.Static() && path.Base(name.Text) != x.Name() && name.Text != x.Path {
		return false
	}
	if !name.Static() && !strings.Contains(x.Path, "/") && !wild(name) {
		return false
	}
	if more {
		words = append(words[:len(words):len(words)], shell.Word{Dynamic: true})
	}
	return matchArgs(words[1:], x.Args)
}

// wild reports whether a dynamic name may expand to anything.
func wild(w shell.Word) bool { return w.Dynamic || w.Glob }

// matchArgs matches words against args; a wild word takes zero or more
// arguments (dynamic programming, linear in words × args).
func matchArgs(words []shell.Word, args []string) bool {
	// ok[j] reports whether the words so far match args[:j].
	ok := make([]bool, len(args)+1)
	ok[0] = true
	for _, w := range words {
		next := make([]bool, len(args)+1)
		for j := range next {
			switch {
			case wild(w):
				next[j] = ok[j] || (j > 0 && next[j-1])
			case j > 0:
				next[j] = ok[j-1] && args[j-1] == w.Text
			}
		}
		ok = next
	}
	return ok[len(args)]
}
