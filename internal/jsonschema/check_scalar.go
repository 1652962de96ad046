package jsonschema

import (
	"encoding/json"
	"unicode/utf8"
)

func (s *state) checkNumber(r *numberRules, v any) bool {
	f, _ := toFloat(v)
	ok := true
	fail := func(format string, bound float64) bool {
		ok = false
		if s.collect {
			s.add(format, numberText(v, f), formatNumber(bound))
		}
		return s.done()
	}
	if r.min != nil && f < *r.min && fail("value %s is less than the minimum %s", *r.min) {
		return false
	}
	if r.exclMin != nil && f <= *r.exclMin && fail("value %s must be greater than %s", *r.exclMin) {
		return false
	}
	if r.max != nil && f > *r.max && fail("value %s is greater than the maximum %s", *r.max) {
		return false
	}
	if r.exclMax != nil && f >= *r.exclMax && fail("value %s must be less than %s", *r.exclMax) {
		return false
	}
	if r.multipleOf != nil && !isMultiple(f, *r.multipleOf) && fail("value %s is not a multiple of %s", *r.multipleOf) {
		return false
	}
	return ok
}

// numberText shows the value as written when it is a json.Number.
func numberText(v any, f float64) string {
	if n, isNumber := v.(json.Number); isNumber {
		return string(n)
	}
	return formatNumber(f)
}

// checkString checks minLength and maxLength, in code points, and pattern.
func (s *state) checkString(r *stringRules, str string) bool {
	ok := true
	if r.minLen >= 0 || r.maxLen >= 0 {
		n := utf8.RuneCountInString(str)
		if r.minLen >= 0 && n < r.minLen {
			if !s.collect {
				return false
			}
			s.add("string has %d characters, at least %d required", n, r.minLen)
			ok = false
		}
		if r.maxLen >= 0 && n > r.maxLen && s.more(ok) {
			if !s.collect {
				return false
			}
			s.add("string has %d characters, at most %d allowed", n, r.maxLen)
			ok = false
		}
	}
	if r.pattern != nil && s.more(ok) && !r.pattern.matches(str) {
		if s.collect {
			s.add("string %s does not match the pattern %s", quote(str), quote(r.pattern.src))
		}
		ok = false
	}
	return ok
}
