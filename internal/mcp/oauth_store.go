package mcp

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"corvid/internal/atomicfile"
)

// credentials are what corvid keeps for one OAuth-protected server: its
// client registration, where to renew, and the tokens. They live in
// <config dir>/mcp-oauth/, one file per server, mode 0600.
type credentials struct {
	Server        string    `json:"server"`
	URL           string    `json:"url"`
	ClientID      string    `json:"client_id,omitempty"`
	ClientSecret  string    `json:"client_secret,omitempty"`
	RedirectURI   string    `json:"redirect_uri,omitempty"`
	TokenEndpoint string    `json:"token_endpoint,omitempty"`
	Resource      string    `json:"resource,omitempty"`
	AccessToken   string    `json:"access_token,omitempty"`
	RefreshToken  string    `json:"refresh_token,omitempty"`
	ExpiresAt     time.Time `json:"expires_at,omitzero"`
	Scope         string    `json:"scope,omitempty"`
}

// expiryMargin renews a token this long before it expires.
const expiryMargin = 30 * time.Second

// expired reports whether the access token is missing or about to expire.
func (c *credentials) expired(now time.Time) bool {
	return c.AccessToken == "" || !c.ExpiresAt.IsZero() && now.Add(expiryMargin).After(c.ExpiresAt)
}

// credentialsPath is the file of the server name at rawURL: the name
// made file-safe, and a hash of both, so a server renamed or moved to
// another URL never gets another's tokens.
func credentialsPath(dir, name, rawURL string) string {
	sum := sha256.Sum256([]byte(name + "\x00" + rawURL))
	safe := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return '_'
	}, name)
	if len(safe) > 64 {
		safe = safe[:64]
	}
	return filepath.Join(dir, "mcp-oauth", safe+"-"+hex.EncodeToString(sum[:6])+".json")
}

// loadCredentials reads path; a missing file is (nil, nil).
func loadCredentials(path string) (*credentials, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w: reading stored credentials: %w", ErrOAuth, err)
	}
	var c credentials
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("%w: %s is not valid JSON; remove it and log in again: %v", ErrOAuth, path, err)
	}
	return &c, nil
}

// save writes c to path atomically, readable by the user only.
func (c *credentials) save(path string) error {
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("%w: %w", ErrOAuth, err)
	}
	if err := atomicfile.Write(path, b, 0o600); err != nil {
		return fmt.Errorf("%w: storing credentials: %w", ErrOAuth, err)
	}
	// atomicfile keeps an existing file's mode: tokens are never
	// readable by others, whatever the file was before.
	return os.Chmod(path, 0o600)
}

// Logout removes the stored OAuth credentials of a server; it reports
// whether there were any.
func Logout(s Server, o LoginOptions) (bool, error) {
	getenv := o.Getenv
	if getenv == nil {
		getenv = func(string) (string, bool) { return "", false }
	}
	cfg, _ := s.Config.Expanded(getenv)
	err := os.Remove(credentialsPath(o.ConfigDir, s.Name, cfg.URL))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}
