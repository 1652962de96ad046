package shell

import "strings"

// PathArg is one operand that names a file, and how it is used.
type PathArg struct {
	Word Word
	Use  FileUse
}

// OperandPaths returns the operands of a command in the table that name
// files, and whether the table knows the command's paths. The first
// operands that are not files (a search pattern, a mode) are left out
// unless an option supplied them. When an option is not in the entry,
// every operand and every option value that looks like a path is
// returned as written (an unknown option may take any of them as a
// value or write through it). Option values the entry lists are
// returned by OptionFiles.
func (c Command) OperandPaths() ([]PathArg, bool) {
	s := lookupSpec(c.Name.Text)
	switch {
	case s == nil || !c.Name.Static():
		return nil, false
	case s.paths != nil:
		return s.paths(c.Args), true
	case s.operands == 0:
		return nil, false
	}
	a := s.Parse(c.Args)
	if a.Unknown != "" || s.any {
		return looseOperands(c.Args, s), true
	}
	skip := s.skip
	if a.Pattern {
		skip = 0
	}
	out := make([]PathArg, 0, len(a.Operands))
	for _, w := range a.Operands {
		if skip > 0 {
			skip--
			continue
		}
		out = append(out, PathArg{w, s.operands})
	}
	return out, true
}

// looseOperands reads arguments without knowing their options: every
// word that is not an option is a file, and so is a path-looking option
// value (`--file=/x`, `-f/x`). With an unknown option they count as
// written.
func looseOperands(args []Word, s *Spec) []PathArg {
	use := s.operands
	if !s.any {
		use = FileWrite
	}
	var out []PathArg
	opts := true
	for _, w := range args {
		switch {
		case opts && w.Static() && w.Text == "--":
			opts = false
		case opts && w.Static() && len(w.Text) > 1 && w.Text[0] == '-':
			if v, ok := optionPath(w.Text); ok {
				out = append(out, PathArg{Word{Text: v}, use})
			}
		default:
			out = append(out, PathArg{w, use})
		}
	}
	return out
}

// optionPath extracts a path-looking value from an option word.
func optionPath(opt string) (string, bool) {
	if _, v, ok := strings.Cut(opt, "="); ok {
		return v, pathLike(v)
	}
	if strings.HasPrefix(opt, "--") {
		return "", false
	}
	i := strings.IndexAny(opt, "/~")
	if i < 0 {
		return "", false
	}
	for i > 1 && opt[i-1] == '.' {
		i--
	}
	return opt[i:], true
}

func pathLike(v string) bool {
	return strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.HasPrefix(v, ".") ||
		strings.Contains(v, "/")
}
