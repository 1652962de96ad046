package hook

import (
	"regexp"
	"slices"
	"strings"
)

// HTTPPolicy restricts http handlers: the URLs they may POST to
// (allowedHttpHookUrls, "*" matching any run of characters) and the
// variables their headers may expand (httpHookAllowedEnvVars, on top of
// each handler's allowedEnvVars). Each layer that sets a list narrows
// it further: a URL or variable must be in every such list, so no file
// can widen what another allows. No list restricts nothing.
type HTTPPolicy struct {
	URLs    [][]string
	EnvVars [][]string
}

// HTTPPolicyFromLayers collects the lists every layer sets.
func HTTPPolicyFromLayers(layers []Layer) HTTPPolicy {
	var p HTTPPolicy
	for _, l := range layers {
		if l.AllowedHTTPURLs != nil {
			p.URLs = append(p.URLs, *l.AllowedHTTPURLs)
		}
		if l.HTTPEnvVars != nil {
			p.EnvVars = append(p.EnvVars, *l.HTTPEnvVars)
		}
	}
	return p
}

// AllowsURL reports whether a handler may POST to url.
func (p HTTPPolicy) AllowsURL(url string) bool {
	for _, list := range p.URLs {
		if !slices.ContainsFunc(list, func(pattern string) bool { return globMatch(pattern, url) }) {
			return false
		}
	}
	return true
}

// AllowsEnvVar reports whether a header may expand name.
func (p HTTPPolicy) AllowsEnvVar(name string) bool {
	for _, list := range p.EnvVars {
		if !slices.Contains(list, name) {
			return false
		}
	}
	return true
}

// globMatch matches s against pattern, where "*" stands for any run of
// characters and everything else for itself.
func globMatch(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	for i, part := range parts {
		parts[i] = regexp.QuoteMeta(part)
	}
	re, err := regexp.Compile("^" + strings.Join(parts, ".*") + "$")
	return err == nil && re.MatchString(s)
}
