package conformance

import "strings"

// Allowance explains a known difference. Frame and Path are patterns in
// which * stands for any run of characters; Cases limits it to some cases
// (none: every case); What is the Difference kind. Claude and Corvid,
// when set, are patterns the two rendered values must match, so that an
// allowed change of wording does not also allow a change of shape.
type Allowance struct {
	Cases  []string
	Frame  string
	Path   string
	What   string
	Claude string
	Corvid string
	Reason string
}

// matches reports whether a explains d.
func (a Allowance) matches(d Difference) bool {
	if a.What != d.What || !glob(a.Frame, d.Frame) || !glob(a.Path, d.Path) {
		return false
	}
	if (a.Claude != "" && !glob(a.Claude, d.Claude)) || (a.Corvid != "" && !glob(a.Corvid, d.Corvid)) {
		return false
	}
	if len(a.Cases) == 0 {
		return true
	}
	for _, c := range a.Cases {
		if c == d.Case {
			return true
		}
	}
	return false
}

// Filter returns the differences no allowance explains, and marks in used
// (indexed like allow) the allowances that explained one.
func Filter(diffs []Difference, allow []Allowance, used []bool) []Difference {
	var left []Difference
	for _, d := range diffs {
		explained := false
		for i, a := range allow {
			if a.matches(d) {
				used[i], explained = true, true
			}
		}
		if !explained {
			left = append(left, d)
		}
	}
	return left
}

// glob matches s against pattern, where * matches any run of characters
// (dots and brackets included) and everything else matches itself.
func glob(pattern, s string) bool {
	star := strings.IndexByte(pattern, '*')
	if star < 0 {
		return pattern == s
	}
	if !strings.HasPrefix(s, pattern[:star]) {
		return false
	}
	rest := pattern[star+1:]
	for i := star; i <= len(s); i++ {
		if glob(rest, s[i:]) {
			return true
		}
	}
	return false
}
