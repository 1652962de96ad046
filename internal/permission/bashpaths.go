package permission

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"corvid/internal/shell"
)

// maxGlobMatches caps the directory entries read to expand a glob
// argument; a bigger directory is not checked (the command asks).
const maxGlobMatches = 1000

var (
	errDynamic  = errors.New("its value is only known at run time")
	errLostCwd  = errors.New("an earlier cd went to a directory that is only known at run time")
	errTooMany  = errors.New("the glob's directory has too many files to check")
	errGlobDir  = errors.New("it has a wildcard in a directory part")
	errDashGlob = errors.New("a file name it matches starts with '-', which the command would read as an option")
)

// pathVerdicts checks every path the command uses. Paths inside the
// working directories that no rule mentions give no verdict.
func (l *bashLine) pathVerdicts(cmd shell.Command) []verdict {
	paths, ok := pathArgs(cmd)
	if !ok {
		return nil
	}
	var out []verdict
	if cmd.MoreArgs {
		roots, ok := l.xargsInput(cmd)
		if !ok {
			v := askV(askMode, "xargs gives "+cmd.Name.Text+" paths that are only known at run time")
			v.writes = true
			return []verdict{v}
		}
		out = l.xargsVerdicts(cmd, roots)
	}
	for _, a := range paths {
		out = append(out, l.checkWord(a.word, a.acc)...)
	}
	return out
}

// checkWord checks one path word in every directory it may be relative
// to.
func (l *bashLine) checkWord(w shell.Word, acc access) []verdict {
	if l.isProcSubst(w) {
		return nil // a pipe to a command that is checked on its own
	}
	if w.Static() && shell.HarmlessPath(w.Text) {
		return nil // a standard stream or an open descriptor, not a file
	}
	paths, err := l.resolveWord(w)
	if err != nil {
		v := askV(askMode, fmt.Sprintf("cannot tell which path `%s` names: %v", capText(w.Text, 200), err))
		v.writes = acc == accessWrite
		return []verdict{v}
	}
	var out []verdict
	for _, p := range paths {
		if v, decided := l.c.checkPath(p, acc, commandRules); decided {
			v.writes = acc == accessWrite
			out = append(out, v)
		}
	}
	return out
}

// isProcSubst reports whether the word is exactly one process
// substitution, `<(cmd)` or `>(cmd)`.
func (l *bashLine) isProcSubst(w shell.Word) bool {
	if !w.Dynamic {
		return false
	}
	for _, s := range l.a.Substs {
		if (s.Kind == "<(" || s.Kind == ">(") && s.Source == w.Text {
			return true
		}
	}
	return false
}

// resolveWord returns the paths a word may name. Globs are expanded
// against the file system (a glob without match stays literal, as in
// Bash); brace expansion, extended globs and expansions are unknown.
func (l *bashLine) resolveWord(w shell.Word) ([]fsPath, error) {
	if vals, ok := l.a.Loops[w.Var]; ok && w.Bound {
		return l.resolveWords(vals)
	}
	if w.Dynamic || (w.Glob && strings.ContainsAny(w.Text, "{}()")) {
		return nil, errDynamic
	}
	text := w.Text
	home := l.c.e.env.home
	if (l.lost || l.chdir) && !filepath.IsAbs(text) && !strings.HasPrefix(text, "~") {
		return nil, errLostCwd
	}
	var out []fsPath
	for _, dir := range l.cwds {
		abs, ok := absolute(text, dir.link, home)
		if !ok {
			return nil, fmt.Errorf("%q cannot be resolved", text)
		}
		ps, err := l.expand(abs, w.Glob, !strings.Contains(text, "/"))
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = ps // a new list: the most common case needs no copy
		} else {
			out = append(out, ps...)
		}
		if filepath.IsAbs(text) || strings.HasPrefix(text, "~") {
			break // the same whatever the directory
		}
	}
	return out, nil
}

// resolveWords resolves the values of a loop variable.
func (l *bashLine) resolveWords(ws []shell.Word) ([]fsPath, error) {
	var out []fsPath
	for _, v := range ws {
		ps, err := l.resolveWord(v)
		if err != nil {
			return nil, err
		}
		out = append(out, ps...)
	}
	return out, nil
}

// expand resolves a path, expanding it first when it is a glob.
// A match of a glob without a directory part that starts with '-'
// (bare) is refused: the command would take it for an option.
func (l *bashLine) expand(abs string, glob, bare bool) ([]fsPath, error) {
	names := []string{abs}
	if glob {
		matches, err := globMatches(abs)
		if err != nil {
			return nil, err
		}
		for _, m := range matches {
			if bare && strings.HasPrefix(filepath.Base(m), "-") {
				return nil, errDashGlob
			}
		}
		if len(matches) > 0 {
			names = matches
		}
	}
	out := make([]fsPath, 0, len(names))
	for _, n := range names {
		p, err := l.resolve(n)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// resolve resolves an absolute path as the shell will open it: its
// /proc/self/cwd is the line's current directory when only one is
// possible.
func (l *bashLine) resolve(abs string) (fsPath, error) {
	self := ""
	if !l.lost && !l.chdir && len(l.cwds) == 1 {
		self = l.cwds[0].target
	}
	return l.c.resolveFor(abs, self, l.cwds...)
}

// globMatches expands a glob whose wildcards are all in its last
// segment, reading at most maxGlobEntries names of one directory; a
// wildcard in a directory part is not expanded (it could walk the whole
// tree). Like Bash, a glob without match stays literal (no result here).
// Unlike Bash, `*` also matches dot files: more paths are checked.
func globMatches(abs string) ([]string, error) {
	dir, pat := filepath.Split(abs)
	if strings.ContainsAny(dir, "*?[") {
		return nil, errGlobDir
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	names, _ := f.Readdirnames(maxGlobMatches + 1)
	if len(names) > maxGlobMatches {
		return nil, errTooMany
	}
	var out []string
	for _, n := range names {
		if ok, _ := filepath.Match(pat, n); ok {
			out = append(out, dir+n)
		}
	}
	slices.Sort(out)
	return out, nil
}

// redirect checks a redirection: output to a file is a write to it
// (like an edit), input from a file a read. Descriptor duplications,
// here-documents and /dev/null give no verdict.
func (l *bashLine) redirect(r shell.Redirect) (verdict, bool) {
	acc := accessRead
	switch {
	case r.Writes():
		acc = accessWrite
	case r.Op != "<":
		return verdict{}, false
	}
	vs := l.checkWord(r.Target, acc)
	what := fmt.Sprintf("Bash redirection %s%s %s", r.Fd, r.Op, capText(r.Target.Text, 200))
	if v, ok := firstLevel(vs, levelDeny); ok {
		return v, true
	}
	for _, class := range []askClass{askCritical, askRule, askProtected, askMode} {
		if v, ok := firstClass(vs, class); ok {
			return v, true
		}
	}
	if len(vs) > 0 || acc == accessRead {
		return combine(vs), len(vs) > 0
	}
	if l.c.mode == ModeAcceptEdits {
		v := allowV(what + " writes inside the working directories, auto-accepted in acceptEdits mode")
		v.writes = true
		return v, true
	}
	v := askV(askMode, what+" writes a file, which needs approval in "+string(l.c.mode)+" mode")
	v.writes = true
	if p, err := l.resolveWord(r.Target); err == nil && len(p) > 0 {
		v.suggest = []suggestion{{rule: dirRule(editRules, l.c.workDirOf(p[0].target))}}
	}
	return v, true
}
