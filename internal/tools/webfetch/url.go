package webfetch

import (
	"fmt"
	"net"
	"net/url"
	"strings"
)

// maxURLLength is the longest URL WebFetch accepts.
const maxURLLength = 2000

// parseURL checks a URL from the model and returns the one to fetch:
// http is upgraded to https except for loopback hosts (127.0.0.0/8, ::1,
// localhost), so local development servers and tests keep working. The
// error text is meant for the model.
func parseURL(raw string) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	if len(raw) > maxURLLength {
		return nil, fmt.Errorf("The URL is %d characters long; WebFetch accepts at most %d.", len(raw), maxURLLength)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("Invalid URL %q: it could not be parsed.", raw)
	}
	scheme := strings.ToLower(u.Scheme)
	switch {
	case scheme == "" || u.Host == "" || u.Hostname() == "":
		return nil, fmt.Errorf("Invalid URL %q: give an absolute URL with a scheme and a host, such as https://example.com/page.", raw)
	case scheme != "http" && scheme != "https":
		return nil, fmt.Errorf("Unsupported URL scheme %q in %q: WebFetch fetches only http and https URLs.", u.Scheme, raw)
	case u.User != nil:
		return nil, fmt.Errorf("Invalid URL %q: URLs carrying a user name or password are not supported.", raw)
	}
	u.Scheme = scheme
	if scheme == "http" && !isLoopback(u.Hostname()) {
		u.Scheme = "https"
	}
	u.Fragment, u.RawFragment = "", ""
	return u, nil
}

// isLoopback reports whether host names this machine.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// sameSite reports whether a redirect from a to b may be followed: same
// scheme and port, the same host name up to a leading "www.", and no
// credentials. Anything else is reported to the model instead.
func sameSite(a, b *url.URL) bool {
	return b.User == nil && a.Scheme == b.Scheme && a.Port() == b.Port() &&
		strings.EqualFold(stripWWW(a.Hostname()), stripWWW(b.Hostname()))
}

func stripWWW(host string) string {
	if len(host) > 4 && strings.EqualFold(host[:4], "www.") {
		return host[4:]
	}
	return host
}
