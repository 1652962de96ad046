package shell

import "strings"

// strip removes wrapper commands from the front of a simple command's
// words. A wrapper whose options it does not understand, or that has no
// command after it, stays as the command.
func strip(words []Word) Command {
	var c Command
	for len(words) > 1 && words[0].Static() {
		name := words[0].Text
		rest, assigns, ok := unwrap(name, words[1:])
		if !ok || len(rest) == 0 {
			break
		}
		c.Wrappers = append(c.Wrappers, name)
		c.Assigns = append(c.Assigns, assigns...)
		c.MoreArgs = c.MoreArgs || name == "xargs"
		words = rest
	}
	if len(words) > 0 {
		c.Name, c.Args = words[0], words[1:]
	}
	return c
}

// unwrap returns the command a wrapper runs, and the assignments it adds
// (env). The wrappers are the table's commands that run another one.
func unwrap(name string, args []Word) ([]Word, []Assign, bool) {
	spec := lookupSpec(name)
	if spec == nil || spec.runs == runsNothing || spec.runs == runsSomewhere {
		return nil, nil, false
	}
	if name == "command" && len(args) > 0 && strings.HasPrefix(args[0].Text, "-") &&
		strings.ContainsAny(args[0].Text, "vV") {
		return nil, nil, false // command -v is a lookup, not a wrapper
	}
	rest, ok := spec.skipOptions(args)
	if !ok {
		return nil, nil, false
	}
	switch spec.runs {
	case runsAfterAssigns:
		return envAssigns(rest)
	case runsAfterDuration:
		if len(rest) == 0 || !rest[0].Static() || !startsDuration(rest[0].Text) {
			return nil, nil, false
		}
		return rest[1:], nil, true
	}
	return rest, nil, true
}

// skipOptions consumes a wrapper's leading options, which must all be
// in its entry; every option and option value must be static.
func (s *Spec) skipOptions(args []Word) ([]Word, bool) {
	for len(args) > 0 {
		a := args[0]
		switch {
		case !a.Static():
			if strings.HasPrefix(a.Text, "-") {
				return nil, false
			}
			return args, true
		case a.Text == "--":
			return args[1:], true
		case len(a.Text) < 2 || a.Text[0] != '-':
			return args, true
		}
		n := s.optionWords(args)
		if n == 0 {
			return nil, false
		}
		args = args[n:]
	}
	return args, true
}

// optionWords returns how many words the option at args[0] takes (1 or
// 2), or 0 when the entry does not know it or its value is not static.
func (s *Spec) optionWords(args []Word) int {
	for n := 1; n <= 2 && n <= len(args); n++ {
		if !args[n-1].Static() {
			return 0
		}
		if p := s.Parse(args[:n]); p.Unknown == "" && len(p.Operands) == 0 {
			return n
		}
	}
	return 0
}

// envAssigns takes env's NAME=VALUE words (and a lone "-", the old form
// of -i) and returns the command after them.
func envAssigns(args []Word) ([]Word, []Assign, bool) {
	var out []Assign
	for len(args) > 0 {
		if args[0].Static() && args[0].Text == "-" {
			args = args[1:]
			continue
		}
		name, value, ok := strings.Cut(args[0].Text, "=")
		if !ok || !validName(name) {
			break
		}
		v := Word{Text: value, Dynamic: args[0].Dynamic, Glob: args[0].Glob}
		out = append(out, Assign{Name: name, Value: v})
		args = args[1:]
	}
	return args, out, true
}

func startsDuration(s string) bool {
	return s != "" && (s[0] == '.' || (s[0] >= '0' && s[0] <= '9'))
}

// validName reports whether s is a shell variable name.
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
