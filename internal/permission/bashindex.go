package permission

import "strings"

// bashRules are the Bash rules of one list (deny, ask or allow), indexed
// by the first word their command pattern requires, so that a command is
// matched against the few rules that can apply to it, not all of them.
// The answer is the one a scan of the list in order gives: the first
// rule that matches one of the candidate texts.
type bashRules struct {
	rules  []*Rule          // the list's Bash rules, in order
	byWord map[string][]int // first word → positions in rules
	open   []int            // positions of rules with no fixed first word
}

// indexBash indexes the Bash rules of list.
func indexBash(list []*Rule) *bashRules {
	b := &bashRules{byWord: map[string][]int{}}
	for _, r := range list {
		if r.tool != commandRules || (r.kind != ruleTool && r.kind != ruleCommand) {
			continue
		}
		i := len(b.rules)
		b.rules = append(b.rules, r)
		if w, ok := r.firstWord(); ok {
			b.byWord[w] = append(b.byWord[w], i)
		} else {
			b.open = append(b.open, i)
		}
	}
	return b
}

// firstWord is the word every text the rule matches starts with: the
// literal text of its pattern up to the first space, when the pattern
// has a space before its first star. A text matched by the pattern
// starts with that literal part, so its own first word is the same.
func (r *Rule) firstWord() (string, bool) {
	if r.kind != ruleCommand {
		return "", false
	}
	lit := r.cmd.parts[0]
	if r.cmd.exact {
		w, _, _ := strings.Cut(lit, " ")
		return w, w != ""
	}
	w, _, found := strings.Cut(lit, " ")
	return w, found && w != ""
}

// first returns the first rule in list order that matches one of cands.
func (b *bashRules) first(cands []string) *Rule {
	best := -1
	try := func(pos []int, s string) {
		for _, i := range pos {
			if best >= 0 && i >= best {
				return // positions are ascending: nothing earlier is left
			}
			if b.rules[i].matchesCommand(s) {
				best = i
				return
			}
		}
	}
	for _, s := range cands {
		w, _, _ := strings.Cut(s, " ")
		try(b.byWord[w], s)
		try(b.open, s)
	}
	if best < 0 {
		return nil
	}
	return b.rules[best]
}

// matchesCommand reports whether a Bash rule matches the text s. The
// whole-tool rule (`Bash`, `Bash(*)`) matches every command.
func (r *Rule) matchesCommand(s string) bool {
	return r.kind == ruleTool || r.cmd.match(s)
}

// firstBashRule is first for a list that is not indexed (the rules
// added during the session).
func firstBashRule(rules []*Rule, cands []string) *Rule {
	for _, r := range rules {
		if r.tool != commandRules || (r.kind != ruleTool && r.kind != ruleCommand) {
			continue
		}
		for _, s := range cands {
			if r.matchesCommand(s) {
				return r
			}
		}
	}
	return nil
}

// bashAllowRule returns the first allow rule, from the settings and then
// from the session, that matches one of cands.
func (c *call) bashAllowRule(cands []string) *Rule {
	if r := c.e.bashAllow.first(cands); r != nil {
		return r
	}
	return firstBashRule(c.allow[len(c.e.allow):], cands)
}
