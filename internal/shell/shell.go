// Package shell analyses Bash command lines without running them: it
// parses a command with mvdan.cc/sh/v3/syntax and reports every simple
// command it contains (wrappers such as `timeout 5` or `nice` stripped),
// every redirection and every substitution. On top of that analysis it
// decides whether a command is read-only (ReadOnly), likely destructive
// (Destructive), and which command's exit status the whole line returns
// (Analysis.Last). The per-command knowledge is one positive list, the
// command table (spec.go, spectable*.go): each known command's options,
// the operands and option values that name files read or written, its
// read-only forms, the options that follow links, and whether it runs
// another command. ReadOnly, OperandPaths, OptionFiles, FollowsLinks and
// wrapper stripping read it; anything not in it is not read-only. Beside
// it, Hazard names builtins that evaluate data as code or change later
// parsing, and SideEffect network and system-changing forms.
//
// It is a leaf package: the Bash tool and the permission engine import it.
package shell

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// MaxLength is the longest command Parse analyses. Longer commands are
// refused: they are never read-only.
const MaxLength = 10_000

// ErrTooLong is returned by Parse for commands over MaxLength.
var ErrTooLong = errors.New("command is too long to analyse")

// Analysis is what a command line contains.
type Analysis struct {
	// Commands are the simple commands in source order, including those
	// inside substitutions, subshells, blocks, loops and function bodies.
	Commands []Command
	// Redirects are every redirection, wherever it appears.
	Redirects []Redirect
	// Substs are the command and process substitutions.
	Substs []Subst
	// Funcs are the names of the functions the command declares.
	Funcs []string
	// Coproc is set when the command starts a coprocess.
	Coproc bool
	// Arithmetic is set when an arithmetic context (`$((…))`, `((…))`,
	// `let`, array subscripts, `[[ a -eq b ]]`, `declare -i`) evaluates a
	// variable: Bash evaluates such values recursively, which can run
	// commands hidden in them.
	Arithmetic bool
	// ChangesDir is set when a command may change the shell's directory
	// (cd, pushd, popd).
	ChangesDir bool
	// Indirect is set when an expansion may evaluate a variable's value
	// as code: an indirect reference `${!x}` (its target may carry an
	// array subscript, which Bash evaluates) or prompt expansion
	// `${x@P}` (which runs command substitutions in the value).
	Indirect bool
	// Loops are the values of the for loops' variables that nothing
	// else in the line assigns: `for f in *.go` binds f to [*.go].
	Loops map[string][]Word
	// History is set when the line holds a form Bash's history
	// expansion would rewrite if it were on (`!!`, `!x`, `^a^b`).
	History bool

	last int // index in Commands of the command whose status is the line's, or -1
}

// Command is one simple command.
type Command struct {
	// Name is the command name after wrappers were stripped; its Text is
	// empty for an assignment-only command (`x=1`).
	Name Word
	// Args are the arguments after the name.
	Args []Word
	// Assigns are the variable assignments in effect for the command:
	// prefix assignments (`X=1 cmd`) and those given to `env`.
	Assigns []Assign
	// Wrappers are the wrapper commands that were stripped, outermost
	// first (e.g. ["timeout", "nice"]).
	Wrappers []string
	// MoreArgs is set when more arguments come at run time (a stripped
	// bare `xargs` appends its input).
	MoreArgs bool
	// PipedFrom is 1 + the index in Analysis.Commands of the simple
	// command whose standard output this one reads through `|`, or 0.
	PipedFrom int
	// Nested is set for a command inside a command or process
	// substitution.
	Nested bool
	// Source is the command's text as written.
	Source string
	// Raw are the command's words as written, wrappers included and
	// prefix assignments excluded: Raw ends with Name and Args.
	Raw []Word
}

// Word is one shell word.
type Word struct {
	// Text is the word's value with quoting removed when it is static,
	// or its source text when it is not.
	Text string
	// Dynamic is set when the value is only known at run time (it holds
	// an expansion or a substitution, or an ANSI-C quoted string).
	Dynamic bool
	// Glob is set when the unquoted word may expand to several words or
	// other text (glob characters, braces, extended globs).
	Glob bool
	// Var names the variable when the word is exactly one quoted
	// expansion of it ("$f", "${f}").
	Var string
	// Bound is set when Var is a for loop's variable whose values the
	// analysis knows (Analysis.Loops): nothing else assigns it.
	Bound bool
}

// Static reports whether the word's value is fully known: no
// expansion, no glob.
func (w Word) Static() bool { return !w.Dynamic && !w.Glob }

// Assign is one variable assignment.
type Assign struct {
	Name  string
	Value Word
}

// Redirect is one redirection.
type Redirect struct {
	// Op is the operator as written: ">", ">>", "<", "&>", "&>>", ">|",
	// ">&", "<&", "<>", "<<", "<<-", "<<<".
	Op string
	// Fd is the explicit file descriptor ("2" in `2>`), or "".
	Fd string
	// Target is the file, descriptor or here-string the operator uses
	// (the delimiter for a here-document).
	Target Word
}

// Subst is one command or process substitution.
type Subst struct {
	// Kind is "$(", "`", "<(" or ">(".
	Kind string
	// Source is the substitution's text as written.
	Source string
}

// parsers holds Bash parsers for reuse: a parser is a few kilobytes, a
// large share of what one permission decision allocates.
var parsers = sync.Pool{New: func() any { return syntax.NewParser(syntax.Variant(syntax.LangBash)) }}

// Parse analyses command as Bash. A command that does not parse, or is
// longer than MaxLength, is an error. The analyses of the last commands
// are remembered (parsecache.go): the caller gets its own copy, whose
// words it must not modify in place.
func Parse(command string) (*Analysis, error) {
	if len(command) > MaxLength {
		return nil, ErrTooLong
	}
	if a, ok := parsed.get(command); ok {
		return a, nil
	}
	a, err := parse(command)
	if err != nil {
		return nil, err
	}
	return parsed.put(command, a), nil
}

// parse is Parse without the cache.
func parse(command string) (*Analysis, error) {
	p := parsers.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(command), "")
	parsers.Put(p) // the tree does not refer to the parser
	if err != nil {
		return nil, fmt.Errorf("parsing command: %w", err)
	}
	if err := ambiguous(f, command); err != nil {
		return nil, err
	}
	return analyse(f, command), nil
}

// Last returns the command whose exit status becomes the line's: the
// last command of the last pipeline or list at top level. It reports
// false when that is not a simple command (a loop, a negation, a
// background job) or the line is empty.
func (a *Analysis) Last() (Command, bool) {
	if a.last < 0 {
		return Command{}, false
	}
	return a.Commands[a.last], true
}
