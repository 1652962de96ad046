package mcp

import (
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

// wait serves the redirect on ln and returns the authorization code. A
// redirect with another state, or an error, ends the flow.
func (f *flow) wait(ctx context.Context, ln net.Listener, state string) (string, error) {
	type outcome struct {
		code string
		err  error
	}
	done := make(chan outcome, 1)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /callback", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		var o outcome
		switch {
		case subtle.ConstantTimeCompare([]byte(q.Get("state")), []byte(state)) != 1:
			o.err = fmt.Errorf("%w: %w; the login was stopped (try again)", ErrOAuth, ErrStateMismatch)
		case q.Get("error") != "":
			o.err = fmt.Errorf("%w: the authorization server answered %s: %s", ErrOAuth, q.Get("error"), q.Get("error_description"))
		case q.Get("iss") != "" && q.Get("iss") != f.as.Issuer: // RFC 9207
			o.err = fmt.Errorf("%w: the redirect came from issuer %q, not %q", ErrOAuth, q.Get("iss"), f.as.Issuer)
		case q.Get("code") == "":
			o.err = fmt.Errorf("%w: the redirect carries no code", ErrOAuth)
		default:
			o.code = q.Get("code")
		}
		if o.err != nil {
			http.Error(w, "corvid: authorization failed: "+o.err.Error(), http.StatusBadRequest)
		} else {
			_, _ = io.WriteString(w, "corvid is authorized. You can close this window.\n")
		}
		select {
		case done <- o:
		default:
		}
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan struct{})
	go func() {
		defer close(served)
		_ = srv.Serve(ln)
	}()
	defer func() {
		sctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		<-served
	}()
	select {
	case o := <-done:
		return o.code, o.err
	case <-ctx.Done():
		return "", fmt.Errorf("%w: no redirect came back: %w", ErrOAuth, context.Cause(ctx))
	}
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
