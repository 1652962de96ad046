package mcp

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// flow is one authorization code grant with PKCE.
type flow struct {
	name, issuer, scope, resource, path string
	cfg                                 ServerConfig
	as                                  *authServer
	client                              *http.Client
	out                                 io.Writer
	getenv                              func(string) (string, bool)
}

func (f *flow) run(ctx context.Context) error {
	old, _ := loadCredentials(f.path)
	ln, err := f.listen(old)
	if err != nil {
		return err
	}
	redirect := "http://" + ln.Addr().String() + "/callback"
	cred, err := f.clientFor(ctx, old, redirect)
	if err != nil {
		_ = ln.Close()
		return err
	}
	verifier, state := random(32), random(16)
	sum := sha256.Sum256([]byte(verifier))
	q := url.Values{"response_type": {"code"}, "client_id": {cred.ClientID}, "redirect_uri": {redirect},
		"code_challenge": {base64.RawURLEncoding.EncodeToString(sum[:])}, "code_challenge_method": {"S256"},
		"state": {state}, "resource": {f.resource}}
	if f.scope != "" {
		q.Set("scope", f.scope)
	}
	authURL := f.as.AuthorizationEndpoint + sep(f.as.AuthorizationEndpoint) + q.Encode()
	fmt.Fprintf(f.out, "To authorize corvid for the MCP server %q, open this URL in a browser:\n\n  %s\n\nWaiting for the browser to come back to %s ...\n",
		f.name, authURL, redirect)
	code, err := f.wait(ctx, ln, state)
	if err != nil {
		return err
	}
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect},
		"code_verifier": {verifier}}
	if err := tokenRequest(ctx, f.client, cred, form, time.Now()); err != nil {
		return err
	}
	if err := cred.save(f.path); err != nil {
		return err
	}
	fmt.Fprintf(f.out, "Authorized: corvid stored the tokens for %q in %s.\n", f.name, f.path)
	return nil
}

// listen opens the loopback listener: on the entry's callback port, else
// on the port of the stored registration, else on any port.
func (f *flow) listen(old *credentials) (net.Listener, error) {
	if f.cfg.OAuth != nil && f.cfg.OAuth.CallbackPort > 0 {
		ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(f.cfg.OAuth.CallbackPort))
		if err != nil {
			return nil, fmt.Errorf("%w: the callback port %d: %w", ErrOAuth, f.cfg.OAuth.CallbackPort, err)
		}
		return ln, nil
	}
	if old != nil && old.RedirectURI != "" {
		if u, err := url.Parse(old.RedirectURI); err == nil && u.Hostname() == "127.0.0.1" {
			if ln, err := net.Listen("tcp", u.Host); err == nil {
				return ln, nil
			}
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("%w: opening the loopback listener: %w", ErrOAuth, err)
	}
	return ln, nil
}

// clientFor is the OAuth client to use: the entry's, the stored
// registration when its redirect URI still fits, else a new one.
func (f *flow) clientFor(ctx context.Context, old *credentials, redirect string) (*credentials, error) {
	cred := &credentials{Server: f.name, URL: f.cfg.URL, RedirectURI: redirect, TokenEndpoint: f.as.TokenEndpoint,
		Resource: f.resource}
	switch {
	case f.cfg.OAuth != nil && f.cfg.OAuth.ClientID != "":
		cred.ClientID = f.cfg.OAuth.ClientID
		cred.ClientSecret, _ = f.getenv("MCP_CLIENT_SECRET")
	case old != nil && old.ClientID != "" && old.RedirectURI == redirect && old.TokenEndpoint == f.as.TokenEndpoint:
		cred.ClientID, cred.ClientSecret = old.ClientID, old.ClientSecret
	case f.as.RegistrationEndpoint == "":
		return nil, fmt.Errorf("%w: %s offers no dynamic client registration; set \"oauth\": {\"clientId\": …} in the entry for %q",
			ErrOAuth, f.issuer, f.name)
	default:
		id, secret, err := register(ctx, f.client, f.as.RegistrationEndpoint, redirect)
		if err != nil {
			return nil, err
		}
		cred.ClientID, cred.ClientSecret = id, secret
	}
	return cred, nil
}

// wait takes the redirect on ln and returns the authorization code. A
// redirect with another state, or an error, ends the flow. It answers
// the browser by hand, one connection at a time: the redirect is one GET,
// and net/http's server would add a megabyte to corvid for it.
func (f *flow) wait(ctx context.Context, ln net.Listener, state string) (string, error) {
	defer ln.Close()
	stop := context.AfterFunc(ctx, func() { _ = ln.Close() })
	defer stop()
	for {
		conn, err := ln.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return "", fmt.Errorf("%w: no redirect came back: %w", ErrOAuth, context.Cause(ctx))
			}
			return "", fmt.Errorf("%w: the loopback listener: %w", ErrOAuth, err)
		}
		if code, done, err := f.answer(conn, state); done {
			return code, err
		}
	}
}

// callbackRead bounds reading one request from the browser.
const callbackRead = 5 * time.Second

// answer serves one connection; done is false when it was not the
// redirect (a favicon, an idle preconnection).
func (f *flow) answer(conn net.Conn, state string) (code string, done bool, err error) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(callbackRead))
	req, rerr := http.ReadRequest(bufio.NewReaderSize(conn, 16<<10))
	if rerr != nil || req.Method != http.MethodGet || req.URL.Path != "/callback" {
		reply(conn, http.StatusNotFound, "not found\n")
		return "", false, nil
	}
	if code, err = f.outcome(req.URL.Query(), state); err != nil {
		reply(conn, http.StatusBadRequest, "corvid: authorization failed: "+err.Error()+"\n")
	} else {
		reply(conn, http.StatusOK, "corvid is authorized. You can close this window.\n")
	}
	return code, true, err
}

// outcome reads the redirect's query: the code, or why there is none.
func (f *flow) outcome(q url.Values, state string) (string, error) {
	switch {
	case subtle.ConstantTimeCompare([]byte(q.Get("state")), []byte(state)) != 1:
		return "", fmt.Errorf("%w: %w; the login was stopped (try again)", ErrOAuth, ErrStateMismatch)
	case q.Get("error") != "":
		return "", fmt.Errorf("%w: the authorization server answered %s: %s", ErrOAuth, q.Get("error"), q.Get("error_description"))
	case q.Get("iss") != "" && q.Get("iss") != f.as.Issuer: // RFC 9207
		return "", fmt.Errorf("%w: the redirect came from issuer %q, not %q", ErrOAuth, q.Get("iss"), f.as.Issuer)
	case q.Get("code") == "":
		return "", fmt.Errorf("%w: the redirect carries no code", ErrOAuth)
	}
	return q.Get("code"), nil
}

// reply writes a plain-text HTTP/1.1 answer and closes the exchange.
func reply(w io.Writer, status int, body string) {
	_, _ = fmt.Fprintf(w, "HTTP/1.1 %d %s\r\nContent-Type: text/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n"+
		"Content-Length: %d\r\nConnection: close\r\n\r\n%s", status, http.StatusText(status), len(body), body)
}

// random is n random bytes, base64url without padding.
func random(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// sep is the separator before a query appended to u.
func sep(u string) string {
	if pu, err := url.Parse(u); err == nil && pu.RawQuery != "" {
		return "&"
	}
	return "?"
}
