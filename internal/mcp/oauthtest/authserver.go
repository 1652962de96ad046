// Package oauthtest holds an OAuth 2.1 authorization server and an
// OAuth-protected MCP endpoint for tests of corvid's MCP client (unit
// tests in internal/mcp, scripts driving the real binary). Nothing in
// the binary imports it.
package oauthtest

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sync"
)

// AuthServer is an OAuth 2.1 authorization server for the tests: RFC 8414
// metadata, dynamic registration, the authorization endpoint (which
// redirects at once, as if the user had approved) and the token endpoint
// checking PKCE, the redirect URI and the resource.
type AuthServer struct {
	// URL is the issuer.
	URL string
	// The settings below change through setters: handlers read them
	// under mu.
	resource       string // the resource it issues tokens for (NewProtected sets it)
	noRegistration bool
	srv            *httptest.Server

	mu            sync.Mutex
	clients       map[string][]string // client id → redirect URIs
	codes         map[string]url.Values
	access        map[string]bool
	refresh       map[string]bool
	n             int
	registrations int
	refreshes     int
}

// NewAuthServer starts one; Close stops it.
func NewAuthServer() *AuthServer {
	a := &AuthServer{clients: map[string][]string{}, codes: map[string]url.Values{}, access: map[string]bool{},
		refresh: map[string]bool{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/oauth-authorization-server", a.metadata)
	mux.HandleFunc("POST /register", a.register)
	mux.HandleFunc("GET /authorize", a.authorize)
	mux.HandleFunc("POST /token", a.token)
	a.srv = httptest.NewUnstartedServer(mux)
	a.URL = "http://" + a.srv.Listener.Addr().String() // known before any handler runs
	a.srv.Start()
	return a
}

// Close stops the server.
func (a *AuthServer) Close() { a.srv.Close() }

// SetResource sets the resource it issues tokens for.
func (a *AuthServer) SetResource(r string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.resource = r
}

// DisableRegistration leaves dynamic registration out of the metadata.
func (a *AuthServer) DisableRegistration() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.noRegistration = true
}

func (a *AuthServer) metadata(w http.ResponseWriter, _ *http.Request) {
	m := map[string]any{"issuer": a.URL, "authorization_endpoint": a.URL + "/authorize",
		"token_endpoint": a.URL + "/token", "code_challenge_methods_supported": []string{"S256"}}
	a.mu.Lock()
	noReg := a.noRegistration
	a.mu.Unlock()
	if !noReg {
		m["registration_endpoint"] = a.URL + "/register"
	}
	_ = json.NewEncoder(w).Encode(m)
}

func (a *AuthServer) register(w http.ResponseWriter, r *http.Request) {
	var req struct {
		RedirectURIs []string `json:"redirect_uris"`
	}
	_ = json.NewDecoder(r.Body).Decode(&req)
	a.mu.Lock()
	a.n++
	a.registrations++
	id := fmt.Sprintf("client-%d", a.n)
	a.clients[id] = req.RedirectURIs
	a.mu.Unlock()
	w.WriteHeader(http.StatusCreated)
	_ = json.NewEncoder(w).Encode(map[string]any{"client_id": id, "redirect_uris": req.RedirectURIs})
}

// PreRegister adds a client as an administrator would.
func (a *AuthServer) PreRegister(id, redirect string) {
	a.mu.Lock()
	a.clients[id] = []string{redirect}
	a.mu.Unlock()
}

func (a *AuthServer) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	a.mu.Lock()
	defer a.mu.Unlock()
	switch {
	case !slices.Contains(a.clients[q.Get("client_id")], q.Get("redirect_uri")):
		http.Error(w, "unknown client or redirect", http.StatusBadRequest)
		return
	case q.Get("response_type") != "code" || q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "":
		http.Error(w, "PKCE S256 required", http.StatusBadRequest)
		return
	case q.Get("resource") != a.resource:
		http.Error(w, "wrong resource "+q.Get("resource"), http.StatusBadRequest)
		return
	}
	a.n++
	code := fmt.Sprintf("code-%d", a.n)
	a.codes[code] = q
	back := url.Values{"code": {code}, "state": {q.Get("state")}}
	http.Redirect(w, r, q.Get("redirect_uri")+"?"+back.Encode(), http.StatusFound)
}

func (a *AuthServer) token(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	f := r.PostForm
	a.mu.Lock()
	defer a.mu.Unlock()
	fail := func(why string) {
		w.WriteHeader(http.StatusBadRequest)
		_ = json.NewEncoder(w).Encode(map[string]string{"error": "invalid_grant", "error_description": why})
	}
	if f.Get("resource") != a.resource {
		fail("wrong resource")
		return
	}
	switch f.Get("grant_type") {
	case "authorization_code":
		q, ok := a.codes[f.Get("code")]
		delete(a.codes, f.Get("code"))
		sum := sha256.Sum256([]byte(f.Get("code_verifier")))
		switch {
		case !ok:
			fail("unknown code")
			return
		case q.Get("client_id") != f.Get("client_id") || q.Get("redirect_uri") != f.Get("redirect_uri"):
			fail("client or redirect differs")
			return
		case base64.RawURLEncoding.EncodeToString(sum[:]) != q.Get("code_challenge"):
			fail("PKCE verifier does not match")
			return
		}
	case "refresh_token":
		if !a.refresh[f.Get("refresh_token")] {
			fail("unknown refresh token")
			return
		}
		delete(a.refresh, f.Get("refresh_token")) // rotated
		a.refreshes++
	default:
		fail("grant")
		return
	}
	a.n++
	at, rt := fmt.Sprintf("secret-access-%d", a.n), fmt.Sprintf("secret-refresh-%d", a.n)
	a.access[at], a.refresh[rt] = true, true
	resp := map[string]any{"access_token": at, "token_type": "Bearer", "refresh_token": rt}
	_ = json.NewEncoder(w).Encode(resp)
}

// Valid reports whether token is an access token it issued and did not
// revoke.
func (a *AuthServer) Valid(token string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.access[token]
}

// RevokeAll revokes every access token (refresh tokens stay valid).
func (a *AuthServer) RevokeAll() {
	a.mu.Lock()
	defer a.mu.Unlock()
	clear(a.access)
}

// Counts are the dynamic registrations and refresh grants it served.
func (a *AuthServer) Counts() (registrations, refreshes int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.registrations, a.refreshes
}
