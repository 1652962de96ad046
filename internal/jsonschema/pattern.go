package jsonschema

import (
	"regexp"
	"sync"
)

// pattern is a regular expression compiled on first use. A source that
// RE2 rejects (an ECMAScript-only construct such as a lookahead) leaves re
// nil, and such a pattern is not enforced.
type pattern struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

func newPattern(src string) *pattern { return &pattern{src: src} }

// compiled returns the regexp, or nil if RE2 cannot compile the source.
func (p *pattern) compiled() *regexp.Regexp {
	p.once.Do(func() {
		if re, err := regexp.Compile(p.src); err == nil {
			p.re = re
		}
	})
	return p.re
}

// matches reports whether s matches; an unusable pattern matches everything.
func (p *pattern) matches(s string) bool {
	re := p.compiled()
	return re == nil || re.MatchString(s)
}
