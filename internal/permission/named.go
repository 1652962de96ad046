package permission

import "fmt"

// named evaluates KindDelegate (Agent) and KindInvoke (Skill) calls by
// the names their tool gives (cands, primary first). A delegate runs
// without asking (its subagent's tools are checked one by one); an
// invocation asks.
func (c *call) named(cands []string, free bool) verdict {
	value := cands[0]
	what := fmt.Sprintf("%s %q", c.name, value)
	if r := c.nameRule(c.e.deny, cands); r != nil {
		return denyRule(r, what)
	}
	if r := c.nameRule(c.e.ask, cands); r != nil {
		return askRuleV(r, what)
	}
	if r := c.nameRule(c.allow, cands[:1]); r != nil {
		v := allowV(what + " matched " + r.describe())
		v.rule = r
		return v
	}
	if free {
		return allowV(c.name + " never needs approval (the tools it uses are checked)")
	}
	v := askV(askMode, what+" needs approval in "+string(c.mode)+" mode")
	v.suggest = []suggestion{{rule: c.name + "(" + escapePattern(value) + ")"}}
	return v
}

func (c *call) nameRule(rules []*Rule, cands []string) *Rule {
	for _, r := range rules {
		if r.kind != ruleName || r.tool != c.name {
			continue
		}
		for _, s := range cands {
			if r.cmd.match(s) {
				return r
			}
		}
	}
	return nil
}

// fetch evaluates a WebFetch call by the URL's host.
func (c *call) fetch() verdict {
	u := c.subjects()[0]
	host, err := urlHost(u)
	if err != nil {
		return askV(askMode, fmt.Sprintf("WebFetch URL %q cannot be checked: %v", u, err))
	}
	what := "WebFetch of host " + host
	if r := c.domainRule(c.e.deny, host); r != nil {
		return denyRule(r, what)
	}
	if r := c.domainRule(c.e.ask, host); r != nil {
		return askRuleV(r, what)
	}
	if r := c.domainRule(c.allow, host); r != nil {
		v := allowV(what + " matched " + r.describe())
		v.rule = r
		return v
	}
	v := askV(askMode, what+" needs approval in "+string(c.mode)+" mode")
	v.suggest = []suggestion{{rule: "WebFetch(domain:" + host + ")", persist: true}}
	return v
}

func (c *call) domainRule(rules []*Rule, host string) *Rule {
	for _, r := range rules {
		if r.kind == ruleDomain && r.domain.match(host) {
			return r
		}
	}
	return nil
}
