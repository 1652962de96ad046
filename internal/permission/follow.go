package permission

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"corvid/internal/shell"
)

// Bounds of the walk that looks for symbolic links under a tree a
// command will read while following links. Hitting one makes the
// command ask: its links cannot all be checked.
const maxFollowTime = 2 * time.Second

// maxFollowEntries is a variable so that a test can make the bound
// small.
var maxFollowEntries = 20_000

var errFollowBound = errors.New("the tree is too big to check for symbolic links")

// followVerdicts checks the trees a link-following command walks: every
// symbolic link under them is checked as a read of the path it leads
// to, and a link into another directory is followed there too.
func (l *bashLine) followVerdicts(cmd shell.Command) []verdict {
	if !cmd.FollowsLinks() {
		return nil
	}
	what := "Bash subcommand `" + capText(collapseSpace(cmd.Source), 300) + "` follows symbolic links"
	var roots []fsPath
	var refused []verdict
	var words []shell.Word
	paths, _ := pathArgs(cmd)
	for _, p := range paths {
		words = append(words, p.word)
	}
	if len(words) == 0 || (shell.SpecOf(cmd.Name.Text).PatternFirst() && len(operands(cmd.Args)) <= 1) {
		words = append(words, shell.Word{Text: "."}) // the default tree (a lone operand may be the pattern)
	}
	for _, w := range words {
		if l.isProcSubst(w) {
			continue // a pipe from a command checked on its own
		}
		ps, err := l.resolveWord(w)
		if err != nil {
			return []verdict{askV(askMode, fmt.Sprintf("%s under `%s`, which cannot be checked: %v", what, capText(w.Text, 200), err))}
		}
		for _, p := range ps {
			if v, decided := l.c.checkPath(p, accessRead, commandRules); decided && v.level != levelAllow {
				refused = append(refused, v) // no need to walk a tree that is refused anyway
				continue
			}
			roots = append(roots, p)
		}
	}
	w := linkWalk{l: l, deadline: time.Now().Add(maxFollowTime), seen: map[string]bool{}}
	for len(roots) > 0 && w.err == nil {
		r := roots[0]
		roots = roots[1:]
		roots = append(roots, w.walk(r.target)...)
	}
	if w.err != nil {
		return []verdict{askV(askMode, what+" and "+w.err.Error()+"; it needs approval")}
	}
	out := append(refused, w.out...)
	for i := range out {
		out[i].reason = what + ": " + out[i].reason
	}
	return out
}

// linkWalk walks trees looking for symbolic links, within the bounds.
type linkWalk struct {
	l        *bashLine
	deadline time.Time
	entries  int
	seen     map[string]bool
	out      []verdict
	err      error
	names    bool   // look for names xargs would split too
	odd      string // the first such name
}

// walk visits one tree and returns the directories inside the allowed
// area that its links lead to, to be walked next.
func (w *linkWalk) walk(root string) []fsPath {
	if w.seen[root] {
		return nil
	}
	w.seen[root] = true
	var next []fsPath
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		w.entries++
		if w.entries > maxFollowEntries || time.Now().After(w.deadline) {
			w.err = errFollowBound
			return filepath.SkipAll
		}
		if err == nil {
			w.noteName(p, d)
		}
		if err != nil || d.Type()&fs.ModeSymlink == 0 {
			return nil // an unreadable entry is read by nobody
		}
		target, err := w.l.resolve(p)
		if err != nil {
			w.out = append(w.out, askV(askMode, fmt.Sprintf("cannot tell where the link %s leads: %v", p, err)))
			return nil
		}
		if v, decided := w.l.c.checkPath(target, accessRead, commandRules); decided {
			if v.level != levelAllow {
				w.out = append(w.out, v)
			}
			return nil
		}
		if fi, err := os.Stat(target.target); err == nil && fi.IsDir() {
			next = append(next, target)
		}
		return nil
	})
	return next
}
