package shell

import "strings"

// sedScripts splits sed's arguments into its scripts, its files and
// whether it edits in place. ok is false for options this package does
// not know (-f script files among them).
func sedScripts(args []Word) (scripts []string, files []Word, inPlace, ok bool) {
	ok = true
	for i := 0; i < len(args); i++ {
		a := args[i]
		t := a.Text
		switch {
		case !a.Static() || !strings.HasPrefix(t, "-") || t == "-":
			files = append(files, a)
		case t == "--":
			files = append(files, args[i+1:]...)
			i = len(args)
		case t == "-e" || t == "--expression":
			if i+1 < len(args) {
				i++
				scripts = append(scripts, args[i].Text)
				ok = ok && args[i].Static()
			}
		case strings.HasPrefix(t, "--expression="):
			scripts = append(scripts, strings.TrimPrefix(t, "--expression="))
		case t == "--in-place" || strings.HasPrefix(t, "--in-place="):
			inPlace = true
		case sedLongFlag(t):
		case strings.HasPrefix(t, "--"):
			ok = false
		default:
			ip, known := sedShortFlags(t[1:])
			inPlace, ok = inPlace || ip, ok && known
		}
	}
	if len(scripts) == 0 && len(files) > 0 {
		scripts = append(scripts, files[0].Text)
		ok = ok && files[0].Static()
		files = files[1:]
	}
	return scripts, files, inPlace, ok
}

func sedLongFlag(t string) bool {
	switch t {
	case "--quiet", "--silent", "--regexp-extended", "--separate", "--null-data", "--unbuffered",
		"--posix", "--debug", "--sandbox":
		return true
	}
	return false
}

// sedShortFlags checks a cluster of short options: n E r s z u, and i
// with an optional backup suffix after it (-i.bak).
func sedShortFlags(cluster string) (inPlace, known bool) {
	for i := 0; i < len(cluster); i++ {
		switch c := cluster[i]; {
		case c == 'i':
			return true, !strings.ContainsAny(cluster[i+1:], "/")
		case strings.IndexByte("nErszu", c) < 0:
			return false, false
		}
	}
	return false, true
}

// SedFiles returns sed's files and whether it writes them: with -i,
// or with an option the table does not know (the files are then
// unknown, so they count as written).
func SedFiles(args []Word) (files []Word, writes bool) {
	_, files, inPlace, ok := sedScripts(args)
	return files, inPlace || !ok
}

// SafeSed reports whether sed only substitutes, prints, deletes or
// quits: no w/W/r/R/e commands, no e or w flags, no script file.
func SafeSed(cmd Command) bool {
	scripts, _, _, ok := sedScripts(cmd.Args)
	if !ok || len(scripts) == 0 {
		return false
	}
	for _, s := range scripts {
		if !safeSedScript(s) {
			return false
		}
	}
	return true
}

// sedCheck is the table's check of sed: it is read-only when it only
// prints: a safe script (no w, r, e commands or flags), no in-place
// editing, every argument known, and no wrapper that adds arguments.
// Its files are path-checked as reads.
func sedCheck(cmd Command, _ *Args) string {
	_, _, inPlace, ok := sedScripts(cmd.Args)
	switch {
	case !ok:
		return "sed option not in the command table, or a script known only at run time"
	case inPlace:
		return "sed -i edits files"
	case !staticArgs(cmd) || !SafeSed(cmd):
		return "sed script that may write, read or run something"
	}
	return ""
}

// safeSedScript parses a script of commands separated by ';' or
// newlines, each an optional line address and one of s, p, d, q, =.
func safeSedScript(s string) bool {
	for {
		s = strings.TrimLeft(s, " \t\n;")
		if s == "" {
			return true
		}
		s = skipAddress(s)
		if s == "" {
			return false
		}
		var ok bool
		switch s[0] {
		case 'p', 'd', 'q', '=', 'P', 'D':
			s, ok = s[1:], true
		case 's':
			s, ok = skipSubst(s)
		}
		if !ok {
			return false
		}
		s = strings.TrimLeft(s, " \t")
		if s != "" && s[0] != ';' && s[0] != '\n' {
			return false
		}
	}
}

// skipAddress skips a numeric or $ address, or a range of them.
func skipAddress(s string) string {
	s = strings.TrimLeft(s, "0123456789$")
	if strings.HasPrefix(s, ",") {
		s = strings.TrimLeft(s[1:], "0123456789$")
	}
	return strings.TrimLeft(s, " \t!")
}

// skipSubst skips `s/re/repl/flags` with any delimiter; flags may be
// g, p, i, I, m, M and digits.
func skipSubst(s string) (string, bool) {
	if len(s) < 2 || s[1] == '\\' || s[1] == '\n' || sedWordRune(rune(s[1])) {
		return "", false
	}
	delim := s[1]
	rest := s[2:]
	for part := 0; part < 2; part++ {
		i := 0
		for ; i < len(rest) && rest[i] != delim; i++ {
			if rest[i] == '\\' {
				i++
			}
		}
		if i >= len(rest) {
			return "", false
		}
		rest = rest[i+1:]
	}
	end := strings.IndexFunc(rest, func(r rune) bool { return !strings.ContainsRune("gpiImM0123456789", r) })
	if end < 0 {
		end = len(rest)
	}
	return rest[end:], true
}

func sedWordRune(r rune) bool {
	return r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
}
