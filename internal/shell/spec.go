package shell

import (
	"strings"
	"sync"
)

// Spec is what corvid knows about one command: the options it accepts
// (with or without a value), which option values and operands name
// files it reads or writes, whether it may run without changing
// anything, and whether it runs another command. It is compiled from
// one entry of the command table (spectable*.go), the single source of
// this knowledge: the read-only check, path extraction for permission
// checks and the wrapper logic all consult it. A command without an
// entry is unknown, and an option missing from an entry makes the
// command unknown in that form: neither is read-only.
type Spec struct {
	short    map[byte]optSpec
	long     map[string]optSpec
	any      bool    // every option is accepted (the command only prints, or a check judges them)
	numeric  bool    // -NUM is an option (head -5, nice -5)
	ordered  bool    // options end at the first operand (no GNU permutation)
	dynOK    bool    // no option can do harm: a word known only at run time is an operand
	operands FileUse // how operands are used (0: they are not files)
	skip     int     // leading operands that are not files (a pattern, a mode)
	readOnly bool
	// check decides the forms the option table cannot express; it
	// returns why the command is not read-only, or "".
	check        func(Command, *Args) string
	followAlways bool   // follows links whenever it reads a directory (diff)
	anyFollow    bool   // some form of the command follows links
	hasFiles     bool   // some option's value names a file
	followNeed   string // an option that must be present too for following (ls -L needs -R)
	runs         runKind
	// paths reads the files of a command whose arguments are a language
	// of their own (find, dd, git, sed).
	paths func([]Word) []PathArg
}

// optSpec is one option.
type optSpec struct {
	value    bool    // takes a value (the next word, attached, or after =)
	optional bool    // a long option whose value may only be attached (--color=WHEN)
	use      FileUse // the value names a file used so
	follows  bool    // the option makes the command follow symbolic links while walking
	pattern  bool    // the option supplies the pattern (the first operand is then a file)
	name     string  // the option's canonical name, for options that share one meaning
}

// runKind is how a wrapper finds the command it runs.
type runKind int

const (
	runsNothing       runKind = iota
	runsRest                  // the words after its options
	runsAfterDuration         // timeout: a duration, then the command
	runsAfterAssigns          // env: NAME=VALUE words, then the command
	runsSomewhere             // somewhere among its arguments, not stripped (sudo, watch…)
)

// entry is one row of the command table in its written form.
type entry struct {
	// opts lists the options, separated by blanks: a single letter is a
	// short option, a longer name a long one (written without dashes);
	// a trailing ':' (short) or '=' (long) takes a value, '?' (long) an
	// optional attached value; a letter after ':' or '=' says the value
	// names a file: r read, w written, l a list of further file names,
	// s a backup suffix. A trailing '!' marks an option that makes the
	// command follow symbolic links, '^' one that supplies the pattern.
	// '#' accepts -NUM; '*' accepts every option (the listed ones are
	// still read with their values).
	opts     string
	operands FileUse
	skip     int
	ro       bool // read-only when every option is known
	dyn      bool // every option is harmless (see Spec.dynOK)
	ordered  bool
	check    func(Command, *Args) string
	follow   string // "always", or an option that must be present too
	runs     runKind
	paths    func([]Word) []PathArg
}

// compile turns an entry into a Spec.
func (e entry) compile() *Spec {
	s := &Spec{short: map[byte]optSpec{}, long: map[string]optSpec{}, operands: e.operands, skip: e.skip,
		readOnly: e.ro, dynOK: e.dyn, ordered: e.ordered, check: e.check, runs: e.runs, paths: e.paths}
	switch e.follow {
	case "always":
		s.followAlways, s.anyFollow = true, true
	default:
		s.followNeed = e.follow
	}
	for _, tok := range strings.Fields(e.opts) {
		switch tok {
		case "#":
			s.numeric = true
			continue
		case "*":
			s.any = true
			continue
		}
		var o optSpec
		for {
			switch tok[len(tok)-1] {
			case '!':
				o.follows = true
			case '^':
				o.pattern = true
			default:
				goto body
			}
			tok = tok[:len(tok)-1]
		}
	body:
		name, val, hasVal := strings.Cut(tok, ":")
		if !hasVal {
			name, val, hasVal = strings.Cut(tok, "=")
		}
		if !hasVal {
			name, _, o.optional = strings.Cut(tok, "?")
		}
		o.value = hasVal || o.optional
		s.anyFollow = s.anyFollow || o.follows
		o.use = fileUses[val]
		s.hasFiles = s.hasFiles || o.use != 0
		if len(name) == 1 {
			o.name = "-" + name
			s.short[name[0]] = o
		} else {
			o.name = "--" + name
			s.long[name] = o
		}
	}
	return s
}

var fileUses = map[string]FileUse{"r": FileRead, "w": FileWrite, "l": FileList, "s": FileSuffix}

// SpecOf returns the table entry of a command name, or nil.
func SpecOf(name string) *Spec { return lookupSpec(name) }

// The command table is compiled on first use, not at start-up: parsing
// every entry's option list costs milliseconds that `--version` and
// runs that never ask about a command must not pay.
var (
	specsOnce sync.Once
	specs     map[string]*Spec // every command; read through lookupSpec
	gitSubs   map[string]*Spec // gitSubTable compiled; read through gitSubSpec
	// gitSubFileSpec: the options of git subcommands whose value names a
	// file; other options are judged by the subcommand's check.
	gitSubFileSpec *Spec
)

// lookupSpec returns the compiled entry of a command name, or nil.
func lookupSpec(name string) *Spec {
	specsOnce.Do(compileTables)
	return specs[name]
}

// gitSubSpec returns the compiled entry of a read-only git subcommand,
// or nil.
func gitSubSpec(name string) *Spec {
	specsOnce.Do(compileTables)
	return gitSubs[name]
}

// gitSubFiles returns the spec of git subcommands' file-naming options.
func gitSubFiles() *Spec {
	specsOnce.Do(compileTables)
	return gitSubFileSpec
}

// tables returns the parts of the command table and git's subcommand
// table. It is set by init: the tables' checks call back into
// lookupSpec, so a package-level reference to them from compileTables
// would be an initialization cycle.
var tables func() (cmds []map[string]entry, gitSub map[string]entry)

func init() {
	tables = func() ([]map[string]entry, map[string]entry) {
		return []map[string]entry{fileTable, textTable, systemTable, toolTable}, gitSubTable
	}
}

func compileTables() {
	cmds, gitSub := tables()
	specs = map[string]*Spec{}
	for _, t := range cmds {
		for name, e := range t {
			specs[name] = e.compile()
		}
	}
	for _, name := range versionTools {
		specs[name] = entry{opts: `*`, ro: true, check: versionCheck}.compile()
	}
	for _, name := range runsOther {
		specs[name] = entry{opts: `*`, runs: runsSomewhere}.compile()
	}
	gitSubs = make(map[string]*Spec, len(gitSub))
	for name, e := range gitSub {
		e.ro = true
		gitSubs[name] = e.compile()
	}
	gitSubFileSpec = entry{opts: `* O:r output=w contents=r ignore-revs-file=r`}.compile()
}

// PatternFirst reports whether the command's first operand is not a
// file (a search pattern, a mode) unless an option gives it; a searcher
// with only that operand reads the current directory. It is false for a
// nil Spec.
func (s *Spec) PatternFirst() bool { return s != nil && s.skip > 0 }
