package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// maxMetadata caps an OAuth metadata or token answer.
const maxMetadata = 1 << 20

// protectedResource is RFC 9728 protected-resource metadata.
type protectedResource struct {
	Resource             string   `json:"resource"`
	AuthorizationServers []string `json:"authorization_servers"`
	ScopesSupported      []string `json:"scopes_supported"`
}

// authServer is RFC 8414 authorization-server metadata.
type authServer struct {
	Issuer                string   `json:"issuer"`
	AuthorizationEndpoint string   `json:"authorization_endpoint"`
	TokenEndpoint         string   `json:"token_endpoint"`
	RegistrationEndpoint  string   `json:"registration_endpoint"`
	CodeChallengeMethods  []string `json:"code_challenge_methods_supported"`
}

// wellKnown is where RFC 8615 metadata named suffix lives for u: the
// suffix between the host and u's path, then at the root.
func wellKnown(u *url.URL, suffix string) []string {
	root := url.URL{Scheme: u.Scheme, Host: u.Host, Path: "/.well-known/" + suffix}
	path := strings.TrimSuffix(u.Path, "/")
	if path == "" {
		return []string{root.String()}
	}
	withPath := root
	withPath.Path += path
	return []string{withPath.String(), root.String()}
}

// secure reports whether u may carry OAuth traffic: https, or http to
// this machine (a loopback address or localhost).
func secure(raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return fmt.Errorf("%w: %q is not a URL", ErrOAuth, raw)
	}
	if u.Scheme == "https" {
		return nil
	}
	host := u.Hostname()
	if ip := net.ParseIP(host); u.Scheme == "http" && (host == "localhost" || ip != nil && ip.IsLoopback()) {
		return nil
	}
	return fmt.Errorf("%w: %s is neither https nor on this machine", ErrOAuth, raw)
}

// getJSON fetches a metadata document into v.
func getJSON(ctx context.Context, client *http.Client, raw string, v any) error {
	if err := secure(raw); err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, raw, nil)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrOAuth, err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: fetching %s: %w", ErrOAuth, raw, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: %s answered HTTP %d", ErrOAuth, raw, resp.StatusCode)
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxMetadata)).Decode(v); err != nil {
		return fmt.Errorf("%w: %s is not JSON metadata: %v", ErrOAuth, raw, err)
	}
	return nil
}

// discoverResource finds the server's protected-resource metadata: the
// URL its 401 named, else the well-known locations. The metadata must
// be about this server.
func discoverResource(ctx context.Context, client *http.Client, server *url.URL, named string) (*protectedResource, error) {
	candidates := wellKnown(server, "oauth-protected-resource")
	if named != "" {
		candidates = []string{named}
	}
	var last error
	for _, c := range candidates {
		var pr protectedResource
		if last = getJSON(ctx, client, c, &pr); last != nil {
			continue
		}
		if len(pr.AuthorizationServers) == 0 {
			return nil, fmt.Errorf("%w: %s names no authorization server", ErrOAuth, c)
		}
		if !sameResource(pr.Resource, server) {
			return nil, fmt.Errorf("%w: %s is metadata for %q, not %s", ErrOAuth, c, pr.Resource, server)
		}
		return &pr, nil
	}
	return nil, fmt.Errorf("%w (RFC 9728): %w", ErrNoOAuthMetadata, last)
}

// sameResource reports whether resource identifies server: the same
// origin, and a path that is server's or a prefix of it.
func sameResource(resource string, server *url.URL) bool {
	r, err := url.Parse(resource)
	if err != nil || !strings.EqualFold(r.Scheme, server.Scheme) || !strings.EqualFold(r.Host, server.Host) {
		return false
	}
	return strings.HasPrefix(strings.TrimSuffix(server.Path, "/")+"/", strings.TrimSuffix(r.Path, "/")+"/")
}

// discoverAuthServer fetches issuer's metadata (RFC 8414, then OpenID
// Connect discovery), checks it names issuer, and that it does PKCE S256.
func discoverAuthServer(ctx context.Context, client *http.Client, issuer string) (*authServer, error) {
	u, err := url.Parse(issuer)
	if err != nil {
		return nil, fmt.Errorf("%w: issuer %q: %v", ErrOAuth, issuer, err)
	}
	candidates := wellKnown(u, "oauth-authorization-server")
	candidates = append(candidates, wellKnown(u, "openid-configuration")...)
	var last error
	for _, c := range candidates {
		var as authServer
		if last = getJSON(ctx, client, c, &as); last != nil {
			continue
		}
		if strings.TrimSuffix(as.Issuer, "/") != strings.TrimSuffix(issuer, "/") {
			return nil, fmt.Errorf("%w: %s names issuer %q, not %q", ErrOAuth, c, as.Issuer, issuer)
		}
		if !slices.Contains(as.CodeChallengeMethods, "S256") {
			return nil, fmt.Errorf("%w: %s does not offer PKCE S256, which MCP requires", ErrOAuth, issuer)
		}
		for _, e := range []string{as.AuthorizationEndpoint, as.TokenEndpoint} {
			if err := secure(e); err != nil {
				return nil, err
			}
		}
		return &as, nil
	}
	return nil, fmt.Errorf("%w: no authorization server metadata for %s: %w", ErrOAuth, issuer, last)
}
