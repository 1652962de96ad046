package permission

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"corvid/internal/shell"
)

// findListing are the find primaries and operators after which find
// prints only the names of what it finds (one per line, each starting
// with its starting point): tests, -print, -print0, -prune and the
// logical operators. Anything else (-printf, -ls, -exec, -L…) asks.
var findListing = strings.Fields(`-name -iname -path -ipath -wholename -iwholename -regex -iregex -type -xtype
	-maxdepth -mindepth -size -empty -newer -mtime -mmin -atime -amin -ctime -cmin -perm -user -group -nouser
	-nogroup -readable -writable -executable -links -samefile -inum -print -print0 -prune -quit -not -and -or
	-a -o ! ( ) , -true -false -depth -d -xdev -mount -noleaf -regextype -P -H`)

// xargsInput returns the starting points of the find whose output the
// xargs-run command reads, when that find only lists names: what xargs
// appends is then a name under one of them.
func (l *bashLine) xargsInput(cmd shell.Command) ([]shell.Word, bool) {
	if !cmd.MoreArgs || cmd.PipedFrom == 0 || l.lost || l.chdir {
		return nil, false
	}
	find := l.a.Commands[cmd.PipedFrom-1]
	if find.Name.Text != "find" || !find.Name.Static() || len(find.Wrappers) > 0 || len(find.Assigns) > 0 {
		return nil, false
	}
	roots, _ := find.OperandPaths()
	for _, a := range find.Args {
		switch {
		case !a.Static():
			return nil, false
		case strings.HasPrefix(a.Text, "-") || slices.Contains([]string{"(", ")", "!", ","}, a.Text):
			if !slices.Contains(findListing, a.Text) {
				return nil, false
			}
		}
	}
	out := make([]shell.Word, len(roots))
	for i, r := range roots {
		if strings.HasPrefix(r.Word.Text, "-") {
			return nil, false
		}
		out[i] = r.Word
	}
	return out, true
}

// xargsVerdicts checks what xargs hands the command: the names find
// prints under its starting points. The trees are walked within the
// bounds of the link walk: a symbolic link is checked as a read of where
// it leads, and a name holding a blank, a quote, a backslash or a
// newline asks (xargs would split it into other names).
func (l *bashLine) xargsVerdicts(cmd shell.Command, roots []shell.Word) []verdict {
	what := "Bash subcommand `" + capText(collapseSpace(cmd.Source), 300) + "` reads the names find prints"
	var out []verdict
	w := linkWalk{l: l, deadline: time.Now().Add(maxFollowTime), seen: map[string]bool{}, names: true}
	for _, r := range roots {
		ps, err := l.resolveWord(r)
		if err != nil {
			return []verdict{askV(askMode, fmt.Sprintf("%s under `%s`, which cannot be checked: %v", what, capText(r.Text, 200), err))}
		}
		for _, p := range ps {
			if v, decided := l.c.checkPath(p, accessRead, commandRules); decided {
				out = append(out, v)
				continue
			}
			if bad := oddName(p.target); bad != "" {
				return []verdict{askV(askMode, what+": the name "+bad+" would be split by xargs; it needs approval")}
			}
			w.walk(p.target)
		}
	}
	if w.err != nil {
		return []verdict{askV(askMode, what+" and "+w.err.Error()+"; it needs approval")}
	}
	if w.odd != "" {
		return []verdict{askV(askMode, what+": the name "+w.odd+" would be split by xargs; it needs approval")}
	}
	for _, v := range w.out {
		v.reason = what + ": " + v.reason
		out = append(out, v)
	}
	return out
}

// oddName returns the base name of p when xargs would not pass it as
// one argument, or "".
func oddName(p string) string {
	if b := filepath.Base(p); strings.ContainsAny(b, " \t\n\v\f\r'\"\\") {
		return fmt.Sprintf("%q", b)
	}
	return ""
}

// noteName records a name under a walked tree that xargs would split.
func (w *linkWalk) noteName(p string, d fs.DirEntry) {
	if w.odd == "" && w.names {
		w.odd = oddName(p)
	}
}
