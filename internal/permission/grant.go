package permission

import (
	"slices"

	"corvid/internal/tool"
)

// Grant adds allow rules until the returned revoke is called: the
// allowed-tools of a custom command or skill, for the turn it runs in.
// file names where the rules came from (reasons cite it). Invalid rules
// are returned as errors and not added. revoke is safe to call more than
// once.
func (e *Engine) Grant(file string, rules []string) (revoke func(), errs []error) {
	var added []*Rule
	for _, text := range rules {
		rs := RuleSource{Text: text, File: file}
		r, err := parseRule(rs, tool.PermissionAllow, e.env)
		if err != nil {
			errs = append(errs, &RuleError{Rule: rs, Behavior: tool.PermissionAllow, Err: err})
			continue
		}
		added = append(added, r)
	}
	e.mu.Lock()
	e.session = append(e.session, added...)
	e.mu.Unlock()
	return func() {
		e.mu.Lock()
		defer e.mu.Unlock()
		e.session = slices.DeleteFunc(e.session, func(r *Rule) bool { return slices.Contains(added, r) })
		added = nil
	}, errs
}
