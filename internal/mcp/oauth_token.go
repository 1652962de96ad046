package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// tokenResponse is a token endpoint's answer (RFC 6749 §5).
type tokenResponse struct {
	AccessToken  string      `json:"access_token"`
	TokenType    string      `json:"token_type"`
	ExpiresIn    json.Number `json:"expires_in"` // some servers send a string
	RefreshToken string      `json:"refresh_token"`
	Scope        string      `json:"scope"`
	Error        string      `json:"error"`
	Description  string      `json:"error_description"`
}

// tokenRequest posts a grant to the token endpoint and stores the
// tokens it gets in c. Its errors never carry a token.
func tokenRequest(ctx context.Context, client *http.Client, c *credentials, form url.Values, now time.Time) error {
	form.Set("client_id", c.ClientID)
	if c.Resource != "" {
		form.Set("resource", c.Resource) // RFC 8707, which MCP requires
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.TokenEndpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrOAuth, err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	if c.ClientSecret != "" {
		req.SetBasicAuth(url.QueryEscape(c.ClientID), url.QueryEscape(c.ClientSecret))
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: token endpoint: %w", ErrOAuth, err)
	}
	defer resp.Body.Close()
	var tr tokenResponse
	decodeErr := json.NewDecoder(io.LimitReader(resp.Body, maxMetadata)).Decode(&tr)
	switch {
	case tr.Error != "":
		return fmt.Errorf("%w: the token endpoint refused the %s grant: %s %s", ErrOAuth, form.Get("grant_type"), tr.Error, tr.Description)
	case resp.StatusCode != http.StatusOK || decodeErr != nil:
		return fmt.Errorf("%w: the token endpoint answered HTTP %d", ErrOAuth, resp.StatusCode)
	case tr.AccessToken == "" || !strings.EqualFold(tr.TokenType, "bearer"):
		return fmt.Errorf("%w: the token endpoint gave no bearer token (token_type %q)", ErrOAuth, tr.TokenType)
	}
	c.AccessToken, c.Scope, c.ExpiresAt = tr.AccessToken, tr.Scope, time.Time{}
	if secs, err := tr.ExpiresIn.Int64(); err == nil && secs > 0 {
		c.ExpiresAt = now.Add(time.Duration(secs) * time.Second)
	}
	if tr.RefreshToken != "" { // a server that does not rotate keeps the old one valid
		c.RefreshToken = tr.RefreshToken
	}
	return nil
}

// authorizer gives an HTTP wire the bearer token of its server from the
// stored credentials, renewing it with the refresh token when it expired
// or was refused.
type authorizer struct {
	server string
	path   string
	client *http.Client
	now    func() time.Time

	mu   sync.Mutex
	cred *credentials
	read bool
}

func newAuthorizer(configDir, server, rawURL string) *authorizer {
	return &authorizer{server: server, path: credentialsPath(configDir, server, rawURL),
		client: &http.Client{Timeout: 30 * time.Second}, now: time.Now}
}

// token is the access token to send ("" : none stored), refreshed first
// when it has expired.
func (a *authorizer) token(ctx context.Context) string {
	a.mu.Lock()
	defer a.mu.Unlock()
	if !a.read {
		a.cred, _ = loadCredentials(a.path) // unreadable: as if none; the 401 says what to do
		a.read = true
	}
	if a.cred == nil {
		return ""
	}
	if a.cred.expired(a.now()) && a.cred.RefreshToken != "" {
		_ = a.refreshLocked(ctx)
	}
	return a.cred.AccessToken
}

// renew refreshes after the server refused sent; it reports whether
// there is a new token to try.
func (a *authorizer) renew(ctx context.Context, sent string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.cred == nil {
		return false
	}
	if a.cred.AccessToken != sent && a.cred.AccessToken != "" {
		return true // another request renewed it meanwhile
	}
	if a.cred.RefreshToken == "" {
		return false
	}
	return a.refreshLocked(ctx) == nil
}

func (a *authorizer) refreshLocked(ctx context.Context) error {
	c := *a.cred
	form := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {c.RefreshToken}}
	if err := tokenRequest(ctx, a.client, &c, form, a.now()); err != nil {
		return err
	}
	a.cred = &c
	return c.save(a.path)
}

// authorizer is the OAuth token source of an HTTP entry, nil when
// corvid has no config dir or the entry sets its own Authorization
// header (the user's header wins).
func (c *conn) authorizer(cfg ServerConfig) *authorizer {
	if c.o.ConfigDir == "" {
		return nil
	}
	for k := range cfg.Headers {
		if strings.EqualFold(k, "Authorization") {
			return nil
		}
	}
	return newAuthorizer(c.o.ConfigDir, c.srv.Name, cfg.URL)
}
