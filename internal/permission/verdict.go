package permission

import (
	"slices"
	"strings"
)

// level is a verdict's strength.
type level int

const (
	levelAllow level = iota
	levelAsk
	levelDeny
)

// askClass says who may turn an ask into an allow. Higher classes win
// when the parts of a compound command disagree.
type askClass int

const (
	// askMode: the mode decides (a prompt in default, allowed in
	// bypassPermissions, denied in dontAsk); a hook allow skips it.
	askMode askClass = iota
	// askProtected: a protected file is written; only bypassPermissions
	// or a person approves it.
	askProtected
	// askRule: an ask rule matched; a person must answer in every mode.
	askRule
	// askHuman: the tool itself puts a question to a person.
	askHuman
	// askCritical: removal of a critical path; a person must answer in
	// every mode.
	askCritical
)

// maxReason caps a verdict's reason.
const maxReason = 2000

// maxSuggestions caps the rules one "always" answer adds.
const maxSuggestions = 5

// suggestion is a rule an "always" answer would add.
type suggestion struct {
	rule    string
	persist bool
}

// verdict is the engine's finding before the mode and the asker.
type verdict struct {
	level level
	class askClass
	// writes is set when the call changes something (plan mode refuses
	// it).
	writes bool
	// opaque is set when the command could not be checked against the
	// Bash deny and ask rules (unparseable, a dynamic command name,
	// code only known at run time).
	opaque bool
	reason string
	rule   *Rule
	// action says what the call does, for messages: "run `make`".
	action  string
	suggest []suggestion
	// blocked is the path outside the working directories a Bash ask is
	// about (the host's blocked_path).
	blocked string
}

func allowV(reason string) verdict { return verdict{level: levelAllow, reason: reason} }

func denyRule(r *Rule, what string) verdict {
	return verdict{level: levelDeny, rule: r, reason: what + " matched " + r.describe()}
}

func askRuleV(r *Rule, what string) verdict {
	return verdict{level: levelAsk, class: askRule, rule: r, reason: what + " matched " + r.describe()}
}

func askV(class askClass, reason string) verdict {
	return verdict{level: levelAsk, class: class, reason: reason}
}

// combine merges the verdicts of a compound command's parts: a deny
// wins, then the strongest ask; suggestions and writes add up.
func combine(vs []verdict) verdict {
	if len(vs) == 0 {
		return allowV("nothing to run")
	}
	out := vs[0]
	var reasons []string
	for _, v := range vs {
		out.writes = out.writes || v.writes
		out.opaque = out.opaque || v.opaque
		if v.level == levelAllow && v.reason != "" && !slices.Contains(reasons, v.reason) {
			reasons = append(reasons, v.reason)
		}
		if stronger(v, out) {
			w, o := out.writes, out.opaque
			out = v
			out.writes, out.opaque = w, o
		}
	}
	out.suggest = nil
	for _, v := range vs {
		if v.level == levelAsk {
			out.suggest = addSuggestions(out.suggest, v.suggest...)
		}
	}
	if out.level == levelAllow && len(reasons) > 1 {
		out.reason = capText(strings.Join(reasons, "; "), maxReason)
	}
	return out
}

// stronger reports whether v outranks cur.
func stronger(v, cur verdict) bool {
	if v.level != cur.level {
		return v.level > cur.level
	}
	return v.level == levelAsk && v.class > cur.class
}

func addSuggestions(list []suggestion, add ...suggestion) []suggestion {
	for _, s := range add {
		if len(list) >= maxSuggestions {
			break
		}
		if s.rule != "" && !slices.Contains(list, s) {
			list = append(list, s)
		}
	}
	return list
}

// capText shortens s to at most n bytes (on a rune boundary).
func capText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}
