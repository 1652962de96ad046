package shell

import "strings"

// Args are a command's arguments read with its table entry.
type Args struct {
	// Operands are the words that are not options or option values.
	Operands []Word
	// Files are the option values that name files.
	Files []FileArg
	// Unknown is the first option the entry does not list (or a word
	// known only at run time where an option may stand), "" when every
	// word is understood.
	Unknown string
	// Follows is set when an option makes the command follow links.
	Follows bool
	// Pattern is set when an option supplied the pattern.
	Pattern bool
	// Opts are the options given, in order.
	Opts []Opt
}

// Opt is one option given: its canonical name ("-x", "--name") and its
// value (empty for a flag).
type Opt struct {
	Name  string
	Value Word
}

// Has reports whether one of the named options (canonical: "-x",
// "--name") was given.
func (a *Args) Has(names ...string) bool {
	for _, o := range a.Opts {
		for _, n := range names {
			if o.Name == n {
				return true
			}
		}
	}
	return false
}

// Parse reads args with the entry: GNU-style short clusters (-abc,
// -ofile, -o file), long options (--name, --name=value, --name value),
// -- and, unless the entry is ordered, options after operands too.
// Long options must be written in full: an abbreviation is unknown.
func (s *Spec) Parse(args []Word) Args {
	var out Args
	out.Operands = make([]Word, 0, len(args))
	opts := true
	for i := 0; i < len(args); i++ {
		w := args[i]
		t := w.Text
		next := func() (Word, bool) {
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			return Word{}, false
		}
		switch {
		case !opts || t == "-" || (w.Static() && !strings.HasPrefix(t, "-")):
			out.Operands = append(out.Operands, w)
			opts = opts && !s.ordered
		case !w.Static() && (strings.HasPrefix(t, "<(") || strings.HasPrefix(t, ">(")):
			out.Operands = append(out.Operands, w) // /dev/fd/N, never an option
			opts = opts && !s.ordered
		case w.Var != "" && w.Bound:
			out.Operands = append(out.Operands, w) // a loop value checked not to start with '-'
			opts = opts && !s.ordered
		case !w.Static() && !strings.HasPrefix(t, "-") && (s.dynOK || (w.Glob && !w.Dynamic)):
			out.Operands = append(out.Operands, w) // a glob's matches are checked where it expands
			opts = opts && !s.ordered
		case w.Glob && !w.Dynamic && globbedValue(t):
			s.longOpt(&out, w, next) // --include=*.go: every match starts with the option's name
		case !w.Static() && s.any:
			out.Operands = append(out.Operands, w)
		case !w.Static():
			s.unknown(&out, t)
		case t == "--":
			opts = false
		case strings.HasPrefix(t, "--"):
			s.longOpt(&out, w, next)
		default:
			s.shortOpts(&out, w, next)
		}
	}
	return out
}

func (s *Spec) unknown(a *Args, t string) {
	if s.any {
		a.Opts = append(a.Opts, Opt{Name: t})
		return
	}
	if a.Unknown == "" {
		a.Unknown = t
		if t == "" {
			a.Unknown = "''"
		}
	}
}

func (a *Args) add(o optSpec, value Word) {
	a.Opts = append(a.Opts, Opt{o.name, value})
	a.Follows = a.Follows || o.follows
	a.Pattern = a.Pattern || o.pattern
	if o.use != 0 {
		a.Files = append(a.Files, FileArg{Option: o.name, Value: value, Use: o.use})
	}
}

func (s *Spec) longOpt(out *Args, w Word, next func() (Word, bool)) {
	name, value, has := strings.Cut(w.Text[2:], "=")
	o, ok := s.long[name]
	switch {
	case !ok || (has && !o.value):
		s.unknown(out, w.Text)
	case has:
		out.add(o, Word{Text: value, Glob: w.Glob})
	case o.value && !o.optional:
		v, ok := next()
		if !ok {
			s.unknown(out, w.Text)
			return
		}
		out.add(o, v)
	default:
		out.add(o, Word{})
	}
}

func (s *Spec) shortOpts(out *Args, w Word, next func() (Word, bool)) {
	t := w.Text
	if s.numeric && strings.Trim(t[1:], "0123456789") == "" {
		out.Opts = append(out.Opts, Opt{"-#", Word{Text: t[1:]}})
		return
	}
	for j := 1; j < len(t); j++ {
		o, ok := s.short[t[j]]
		switch {
		case !ok && s.any:
			continue
		case !ok:
			s.unknown(out, t)
			return
		case !o.value:
			out.add(o, Word{})
		case j+1 < len(t):
			out.add(o, Word{Text: t[j+1:]})
			return
		case o.optional:
			out.add(o, Word{}) // -M: a value may only be attached (-M50%)
		default:
			v, ok := next()
			if !ok {
				s.unknown(out, t)
				return
			}
			out.add(o, v)
			return
		}
	}
}

// Args reads the command's arguments with its table entry; ok is false
// when the command has none.
func (c Command) ParsedArgs() (*Spec, Args, bool) {
	s := lookupSpec(c.Name.Text)
	if s == nil || !c.Name.Static() {
		return nil, Args{}, false
	}
	return s, s.Parse(c.Args), true
}

// globbedValue reports whether t is a long option whose value (and only
// its value) holds glob characters: whatever the glob matches is that
// option with some value.
func globbedValue(t string) bool {
	name, _, ok := strings.Cut(t, "=")
	return ok && strings.HasPrefix(name, "--") && !strings.ContainsAny(name, "*?[]{}\\")
}
