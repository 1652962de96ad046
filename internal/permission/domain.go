package permission

import (
	"errors"
	"net/url"
	"strings"
)

// domainPattern is a WebFetch host pattern: "example.com" exactly,
// "*.example.com" any subdomain at any depth (not the apex), "*" as a
// whole label one dot-free label, "*" alone every host. Hosts compare
// case-insensitively; nothing else is normalised.
type domainPattern struct {
	labels []pattern
	// suffix is set for "*.rest": any host ending in "."+rest.
	suffix string
	all    bool
}

func compileDomain(spec string) (domainPattern, error) {
	d := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(spec), "."))
	switch {
	case d == "":
		return domainPattern{}, errors.New("empty domain")
	case d == "*":
		return domainPattern{all: true}, nil
	case strings.ContainsAny(d, "/:@ "):
		return domainPattern{}, errors.New("a domain rule takes a host name, not a URL")
	case strings.HasPrefix(d, "*.") && !strings.Contains(d[2:], "*"):
		return domainPattern{suffix: d[1:]}, nil
	}
	var p domainPattern
	for _, l := range strings.Split(d, ".") {
		if l == "" {
			return domainPattern{}, errors.New("empty label in domain")
		}
		p.labels = append(p.labels, compilePattern(l))
	}
	return p, nil
}

func (p domainPattern) match(host string) bool {
	switch {
	case host == "":
		return false
	case p.all:
		return true
	case p.suffix != "":
		return len(host) > len(p.suffix) && strings.HasSuffix(host, p.suffix)
	}
	labels := strings.Split(host, ".")
	if len(labels) != len(p.labels) {
		return false
	}
	for i, l := range labels {
		if l == "" || !p.labels[i].match(l) {
			return false
		}
	}
	return true
}

// urlHost returns a URL's host name, lower-cased, without port and
// without a trailing dot.
func urlHost(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return "", err
	}
	h := strings.ToLower(strings.TrimSuffix(u.Hostname(), "."))
	if h == "" {
		return "", errors.New("the URL has no host")
	}
	return h, nil
}
