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
				next[j] = ok[j-1] && (args[j-1] == w.Text || tildeMatch(w.Text, args[j-1]))
			}
		}
		ok = next
	}
	return ok[len(args)]
}

// jailHome is HOME in the jail (see Run).
const jailHome = "/home"

// tildeMatch reports whether bash's tilde expansion of a static word
// gives arg: a leading `~` or `~/` becomes HOME, `~user` that user's
// home (any absolute directory here), and in a word of the form
// NAME=VALUE the same happens after the '=' and after each ':' (bash
// expands assignment-like arguments so). The analysis keeps the word as
// written; the permission engine expands it when it checks paths.
func tildeMatch(word, arg string) bool {
	if !strings.Contains(word, "~") {
		return false
	}
	if name, value, ok := strings.Cut(word, "="); ok && validName(name) {
		prefix, rest, ok := strings.Cut(arg, "=")
		if !ok || prefix != name {
			return false
		}
		w, a := strings.Split(value, ":"), strings.Split(rest, ":")
		if len(w) != len(a) {
			return tildePart(value, rest)
		}
		for i := range w {
			if w[i] != a[i] && !tildePart(w[i], a[i]) {
				return false
			}
		}
		return true
	}
	return tildePart(word, arg)
}

// tildePart matches one tilde prefix.
func tildePart(word, arg string) bool {
	if !strings.HasPrefix(word, "~") {
		return false
	}
	user, rest, _ := strings.Cut(word[1:], "/")
	if strings.Contains(word[1:], "/") {
		rest = "/" + rest
	}
	if user == "" {
		return arg == jailHome+rest
	}
	return strings.HasPrefix(arg, "/") && strings.HasSuffix(arg, rest)
}

func validName(s string) bool {
	if s == "" || (s[0] >= '0' && s[0] <= '9') {
		return false
	}
	for _, r := range s {
		if r != '_' && (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}
