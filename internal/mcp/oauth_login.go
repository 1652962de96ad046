package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// LoginOptions configure Login.
type LoginOptions struct {
	// ConfigDir is corvid's config dir; the tokens go to its mcp-oauth/.
	ConfigDir string
	// Getenv resolves ${VAR} in the entry and reads MCP_CLIENT_SECRET
	// for a pre-registered client.
	Getenv func(string) (string, bool)
	// Out receives the authorization URL and what happens; never a token.
	Out io.Writer
	// Client makes the OAuth requests; nil: one with a 30 s timeout.
	Client *http.Client
}

// Login runs OAuth 2.1 for the streamable HTTP server s without a browser: it
// discovers the server's authorization server (RFC 9728, RFC 8414),
// registers a client (RFC 7591) unless the entry names one, prints the
// authorization URL (PKCE S256) for the user to open, waits for the
// redirect to a loopback listener, exchanges the code and stores the
// tokens (mode 0600). ctx bounds the whole flow.
func Login(ctx context.Context, s Server, o LoginOptions) error {
	getenv := o.Getenv
	if getenv == nil {
		getenv = func(string) (string, bool) { return "", false }
	}
	cfg, _ := s.Config.Expanded(getenv)
	if t := cfg.Transport(); t != TypeHTTP {
		return fmt.Errorf("%w: %q is a %s server; corvid's OAuth is for HTTP servers (type http); give an SSE server a token with --header", ErrConfig, s.Name, t)
	}
	server, err := url.Parse(cfg.URL)
	if err != nil {
		return fmt.Errorf("%w: url %q: %v", ErrConfig, cfg.URL, err)
	}
	client := o.Client
	if client == nil {
		client = &http.Client{Timeout: 30 * time.Second}
	}
	named, scope, err := probe(ctx, client, cfg)
	if err != nil {
		return err
	}
	pr, err := discoverResource(ctx, client, server, named)
	if err != nil {
		return fmt.Errorf("%q asks for authorization: %w; pass a token with --header 'Authorization: Bearer …' instead", s.Name, err)
	}
	as, err := discoverAuthServer(ctx, client, pr.AuthorizationServers[0])
	if err != nil {
		return err
	}
	if scope == "" {
		scope = strings.Join(pr.ScopesSupported, " ")
	}
	f := &flow{name: s.Name, cfg: cfg, as: as, issuer: pr.AuthorizationServers[0], scope: scope,
		resource: cmpOr(pr.Resource, cfg.URL), client: client, out: o.Out, getenv: getenv,
		path: credentialsPath(o.ConfigDir, s.Name, cfg.URL)}
	return f.run(ctx)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// probe asks the server without a token; it must answer 401 or 403. It
// returns the metadata URL and scope its challenge named.
func probe(ctx context.Context, client *http.Client, cfg ServerConfig) (metadata, scope string, err error) {
	body := []byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"` +
		protocolVersion + `","capabilities":{},"clientInfo":{"name":"corvid","version":"login"}}}`)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // an event stream that opened is not read
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, cfg.URL, bytes.NewReader(body))
	if err != nil {
		return "", "", fmt.Errorf("%w: %v", ErrConfig, err)
	}
	withHeaders(req, cfg.Headers)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := client.Do(req)
	if err != nil {
		return "", "", fmt.Errorf("connecting to %s: %w", cfg.URL, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized && resp.StatusCode != http.StatusForbidden {
		return "", "", fmt.Errorf("%w: %s did not ask for authorization (HTTP %d); there is nothing to log in to", ErrOAuth, cfg.URL, resp.StatusCode)
	}
	metadata, scope = challenge(resp.Header)
	return metadata, scope, nil
}

// register is dynamic client registration (RFC 7591) of a public client
// with one loopback redirect URI.
func register(ctx context.Context, client *http.Client, endpoint, redirect string) (id, secret string, err error) {
	if err := secure(endpoint); err != nil {
		return "", "", err
	}
	body, _ := json.Marshal(map[string]any{"client_name": "corvid", "redirect_uris": []string{redirect},
		"grant_types": []string{"authorization_code", "refresh_token"}, "response_types": []string{"code"},
		"token_endpoint_auth_method": "none"})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return "", "", fmt.Errorf("%w: %v", ErrOAuth, err)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return "", "", fmt.Errorf("%w: registering a client: %w", ErrOAuth, err)
	}
	defer resp.Body.Close()
	var r struct {
		ClientID     string `json:"client_id"`
		ClientSecret string `json:"client_secret"`
		Error        string `json:"error"`
		Description  string `json:"error_description"`
	}
	_ = json.NewDecoder(io.LimitReader(resp.Body, maxMetadata)).Decode(&r)
	if resp.StatusCode/100 != 2 || r.ClientID == "" {
		return "", "", fmt.Errorf("%w: client registration failed (HTTP %d) %s %s", ErrOAuth, resp.StatusCode, r.Error, r.Description)
	}
	return r.ClientID, r.ClientSecret, nil
}
