package shell

import (
	"slices"
	"strings"
)

// optSpec describes a wrapper's options: short flags without and with a
// value, long flags without and with a value, and whether a bare number
// (`nice -5`) is an option.
type optSpec struct {
	flags, valued    string
	long, longValued []string
	numeric          bool
}

// wrappers are the commands that run another command given as their
// arguments without changing what it does to files: they are stripped so
// the real command is analysed.
var wrappers = map[string]optSpec{
	"time":    {flags: "p"},
	"nohup":   {},
	"builtin": {},
	"noglob":  {},
	"command": {flags: "p"},
	"nice":    {valued: "n", longValued: []string{"adjustment"}, numeric: true},
	"timeout": {flags: "v", valued: "sk", long: []string{"preserve-status", "foreground", "verbose"},
		longValued: []string{"signal", "kill-after"}},
	"stdbuf": {valued: "ioe", longValued: []string{"input", "output", "error"}},
	"env": {flags: "i0", valued: "uC", long: []string{"ignore-environment", "null"},
		longValued: []string{"unset", "chdir"}},
	"xargs": {},
}

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
// (env).
func unwrap(name string, args []Word) ([]Word, []Assign, bool) {
	spec, ok := wrappers[name]
	if !ok {
		return nil, nil, false
	}
	switch {
	case name == "command" && len(args) > 0 && strings.HasPrefix(args[0].Text, "-") &&
		strings.ContainsAny(args[0].Text, "vV"):
		return nil, nil, false // command -v is a lookup, not a wrapper
	case name == "xargs" && len(args) > 0 && strings.HasPrefix(args[0].Text, "-"):
		return nil, nil, false // only bare xargs is understood
	}
	rest, ok := skipOptions(args, spec)
	if !ok {
		return nil, nil, false
	}
	switch name {
	case "env":
		return envAssigns(rest)
	case "timeout":
		if len(rest) == 0 || !rest[0].Static() || !startsDuration(rest[0].Text) {
			return nil, nil, false
		}
		return rest[1:], nil, true
	}
	return rest, nil, true
}

// skipOptions consumes a wrapper's leading options; every option and
// option value must be static.
func skipOptions(args []Word, s optSpec) ([]Word, bool) {
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
		case strings.HasPrefix(a.Text, "--"):
			n, ok := longOption(args, s)
			if !ok {
				return nil, false
			}
			args = args[n:]
		case len(a.Text) > 1 && a.Text[0] == '-':
			n, ok := shortOptions(args, s)
			if !ok {
				return nil, false
			}
			args = args[n:]
		default:
			return args, true
		}
	}
	return args, true
}

// longOption checks args[0], a long option, and returns how many words
// it takes.
func longOption(args []Word, s optSpec) (int, bool) {
	name, _, hasValue := strings.Cut(args[0].Text[2:], "=")
	switch {
	case slices.Contains(s.long, name) && !hasValue:
		return 1, true
	case slices.Contains(s.longValued, name) && hasValue:
		return 1, true
	case slices.Contains(s.longValued, name) && len(args) > 1 && args[1].Static():
		return 2, true
	}
	return 0, false
}

// shortOptions checks args[0], a cluster of short options, and returns
// how many words it takes.
func shortOptions(args []Word, s optSpec) (int, bool) {
	opts := args[0].Text[1:]
	if s.numeric && strings.Trim(opts, "0123456789") == "" {
		return 1, true
	}
	for i := 0; i < len(opts); i++ {
		switch {
		case strings.IndexByte(s.flags, opts[i]) >= 0:
		case strings.IndexByte(s.valued, opts[i]) >= 0 && i+1 < len(opts):
			return 1, true // value attached: -n5
		case strings.IndexByte(s.valued, opts[i]) >= 0 && len(args) > 1 && args[1].Static():
			return 2, true
		default:
			return 0, false
		}
	}
	return 1, true
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
