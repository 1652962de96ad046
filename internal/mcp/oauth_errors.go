package mcp

import (
	"errors"
	"fmt"
)

// Sentinels of the OAuth flow for HTTP servers.
var (
	// ErrOAuth marks a failure of the OAuth flow itself: discovery,
	// registration, the authorization server's answers.
	ErrOAuth = errors.New("MCP OAuth")
	// ErrNoOAuthMetadata marks a server that answers 401 but publishes no
	// protected-resource metadata (RFC 9728), so corvid cannot know where
	// to authorize.
	ErrNoOAuthMetadata = errors.New("the server publishes no OAuth metadata")
	// ErrStateMismatch marks a redirect whose state is not the one corvid
	// sent: it did not come from the authorization corvid started.
	ErrStateMismatch = errors.New("the authorization redirect's state does not match")
)

// AuthError is an HTTP server's 401 or 403: it asks for authorization.
// It matches ErrNeedsAuth.
type AuthError struct {
	// Server is the server's name; the streamable HTTP wire sets it,
	// and only there does `corvid mcp login` help.
	Server string
	Status int
	// ResourceMetadata is the protected-resource metadata URL the
	// server named in WWW-Authenticate ("" when it named none).
	ResourceMetadata string
	// HadToken is set when corvid sent a token the server refused.
	HadToken bool
}

func (e *AuthError) Is(target error) bool { return target == ErrNeedsAuth }

func (e *AuthError) Error() string {
	name := e.Server
	login := fmt.Sprintf("run `corvid mcp login %s`", name)
	switch {
	case name == "": // a legacy SSE server: corvid has no OAuth for those
		return fmt.Sprintf("%v (HTTP %d): pass a token with --header 'Authorization: Bearer …'", ErrNeedsAuth, e.Status)
	case e.HadToken:
		return fmt.Sprintf("%v (HTTP %d): the stored token was refused and could not be refreshed; %s", ErrNeedsAuth, e.Status, login)
	case e.ResourceMetadata != "":
		return fmt.Sprintf("%v (HTTP %d) with OAuth; %s to authorize", ErrNeedsAuth, e.Status, login)
	}
	return fmt.Sprintf("%v (HTTP %d) but names no OAuth metadata; try `corvid mcp login %s`, or pass a token with --header 'Authorization: Bearer …'",
		ErrNeedsAuth, e.Status, name)
}
