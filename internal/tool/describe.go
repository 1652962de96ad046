package tool

import "encoding/json"

// A tool describes itself to the permission engine, compaction and the
// system prompt through the small optional interfaces below, implemented
// in the tool's own package. A tool that implements none of them (an MCP
// tool, a test double) is KindOther: the mode decides whether it runs,
// which means "ask" by default, and it is never taken for read-only.

// Kind is what a tool does, as far as permissions are concerned.
type Kind string

// Tool kinds.
const (
	// KindOther tools are judged by their name and parameters only.
	KindOther Kind = "other"
	// KindRead tools read the file or directory AccessPath names.
	KindRead Kind = "read"
	// KindEdit tools write the file AccessPath names.
	KindEdit Kind = "edit"
	// KindExec tools run a shell command (their first rule subject).
	KindExec Kind = "exec"
	// KindFetch tools fetch a URL (their first rule subject).
	KindFetch Kind = "fetch"
	// KindDelegate tools hand work to a sub-agent whose own tool calls
	// are checked one by one; rules match its first subject (a name).
	KindDelegate Kind = "delegate"
	// KindInvoke tools run a named capability (a skill); rules match its
	// subjects, and it asks by default.
	KindInvoke Kind = "invoke"
	// KindState tools change nothing outside the conversation (todo
	// lists, background shell output) and never prompt.
	KindState Kind = "state"
	// KindHuman tools put a question to a person: they always ask.
	KindHuman Kind = "human"
)

// Kinded is implemented by tools that say what they do.
type Kinded interface {
	Kind() Kind
}

// KindOf returns t's kind: KindOther unless t says otherwise.
func KindOf(t Tool) Kind {
	if k, ok := t.(Kinded); ok && k.Kind() != "" {
		return k.Kind()
	}
	return KindOther
}

// Queried is implemented by tools whose rules name a subject in
// parentheses (a command, a path, a URL, a name).
type Queried interface {
	// SubjectField is the input field that a one-argument query such as
	// `corvid permissions check 'Bash(ls)'` fills.
	SubjectField() string
}

// Subjected is implemented by tools judged by a subject other than a
// path: KindExec (the command), KindFetch (the URL), KindDelegate and
// KindInvoke (a name).
type Subjected interface {
	// RuleSubjects returns what rules are matched against, the primary
	// subject first (allow rules match only that one).
	RuleSubjects(input json.RawMessage) []string
}

// PathAccessor is implemented by KindRead and KindEdit tools.
type PathAccessor interface {
	// AccessPath returns the path the call reads or writes, as the model
	// gave it (absolute, relative to cwd, or starting with ~), or an
	// error saying why there is none.
	AccessPath(input json.RawMessage, cwd string) (string, error)
}

// RuleParametered is implemented by tools that list the scalar input
// fields `Tool(name:value)` rules may name. A tool that does not
// implement it accepts any field name.
type RuleParametered interface {
	RuleParams() []string
}

// Cover says which whole-tool rules of a tool's family also apply to it.
type Cover int

// Covers.
const (
	// CoverNone: only rules naming the tool itself.
	CoverNone Cover = iota
	// CoverDenyAsk: the family's deny and ask rules also apply.
	CoverDenyAsk
	// CoverAll: the family's deny, ask and allow rules also apply.
	CoverAll
)

// Family is the rule family a file tool belongs to: path rules are
// written with the family's name (Read(...) or Edit(...)), and Cover
// says how far the family's whole-tool rules reach.
type Family struct {
	Name  string
	Cover Cover
}

// RuleFamilied is implemented by file tools whose path rules are
// written with another tool's name.
type RuleFamilied interface {
	RuleFamily() Family
}

// RuleAliased is implemented by tools that permission rules may also
// name by other hosts' names (Claude Code's TaskStop for KillShell),
// names the model itself is not offered.
type RuleAliased interface {
	RuleAliases() []string
}

// Rerunnable is implemented by tools whose output can be had again by
// calling them again: micro-compaction may clear their old results.
// Tools whose results record a change (Edit, TodoWrite) do not say so.
type Rerunnable interface {
	Rerunnable() bool
}

// IsRerunnable reports whether t says its results may be cleared.
func IsRerunnable(t Tool) bool {
	r, ok := t.(Rerunnable)
	return ok && r.Rerunnable()
}

// Guided is implemented by tools with advice for the system prompt.
type Guided interface {
	// Guidance returns lines for the prompt's "Using tools" section,
	// given all the tools offered (itself among them).
	Guidance(offered []Tool) []string
}

// ShellAlternative is implemented by dedicated tools that replace shell
// commands, so that a shell tool's guidance can point to them.
type ShellAlternative interface {
	// ShellAlternative names the commands the tool replaces ("grep/rg").
	ShellAlternative() string
}

// Offers reports whether any of tools has kind k.
func Offers(tools []Tool, k Kind) bool {
	for _, t := range tools {
		if KindOf(t) == k {
			return true
		}
	}
	return false
}
