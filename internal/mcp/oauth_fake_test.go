package mcp

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
)

// fakeAS is an OAuth 2.1 authorization server for the tests: RFC 8414
// metadata, dynamic registration, the authorization endpoint (which
// redirects at once, as if the user had approved) and the token endpoint
// checking PKCE, the redirect URI and the resource.
type fakeAS struct {
	srv      *httptest.Server
	resource string // the resource it issues tokens for
	noDCR    bool
	expires  int // expires_in of access tokens (0: none)

	mu            sync.Mutex
	clients       map[string][]string // client id → redirect URIs
	codes         map[string]url.Values
	access        map[string]bool
	refresh       map[string]bool
	n             int
	registrations int
	refreshes     int
}

func newFakeAS(t *testing.T) *fakeAS {
	a := &fakeAS{clients: map[string][]string{}, codes: map[string]url.Values{}, access: map[string]bool{},
		refresh: map[string]bool{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/oauth-authorization-server", a.metadata)
	mux.HandleFunc("POST /register", a.register)
	mux.HandleFunc("GET /authorize", a.authorize)
	mux.HandleFunc("POST /token", a.token)
	a.srv = httptest.NewServer(mux)
	t.Cleanup(a.srv.Close)
	return a
}

func (a *fakeAS) metadata(w http.ResponseWriter, _ *http.Request) {
	m := map[string]any{"issuer": a.srv.URL, "authorization_endpoint": a.srv.URL + "/authorize",
		"token_endpoint": a.srv.URL + "/token", "code_challenge_methods_supported": []string{"S256"}}
	if !a.noDCR {
		m["registration_endpoint"] = a.srv.URL + "/register"
	}
	_ = json.NewEncoder(w).Encode(m)
}

func (a *fakeAS) register(w http.ResponseWriter, r *http.Request) {
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

// preRegister adds a client as an administrator would.
func (a *fakeAS) preRegister(id, redirect string) {
	a.mu.Lock()
	a.clients[id] = []string{redirect}
	a.mu.Unlock()
}

func (a *fakeAS) authorize(w http.ResponseWriter, r *http.Request) {
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

func (a *fakeAS) token(w http.ResponseWriter, r *http.Request) {
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
	if a.expires > 0 {
		resp["expires_in"] = a.expires
	}
	_ = json.NewEncoder(w).Encode(resp)
}

func (a *fakeAS) valid(token string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.access[token]
}

func (a *fakeAS) revokeAll() {
	a.mu.Lock()
	defer a.mu.Unlock()
	clear(a.access)
}

func (a *fakeAS) counts() (registrations, refreshes int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.registrations, a.refreshes
}

// protectedMCP is the fixture over streamable HTTP behind bearer tokens
// the fake authorization server issued, publishing RFC 9728 metadata
// (unless noMetadata). It records the tokens it was sent.
type protectedMCP struct {
	srv  *httptest.Server
	as   *fakeAS
	mu   sync.Mutex
	seen []string
}

func newProtectedMCP(t *testing.T, as *fakeAS, noMetadata bool) *protectedMCP {
	p := &protectedMCP{as: as}
	f := newFixture()
	inner := streamableHandler(f)
	mux := http.NewServeMux()
	if !noMetadata {
		mux.HandleFunc("GET /.well-known/oauth-protected-resource/mcp", func(w http.ResponseWriter, _ *http.Request) {
			_ = json.NewEncoder(w).Encode(map[string]any{"resource": p.srv.URL + "/mcp",
				"authorization_servers": []string{as.srv.URL}})
		})
	}
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		p.mu.Lock()
		p.seen = append(p.seen, token)
		p.mu.Unlock()
		if !as.valid(token) {
			challenge := `Bearer error="invalid_token"`
			if !noMetadata {
				challenge += `, resource_metadata="` + p.srv.URL + `/.well-known/oauth-protected-resource/mcp"`
			}
			w.Header().Set("WWW-Authenticate", challenge)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		inner.ServeHTTP(w, r)
	})
	p.srv = httptest.NewServer(mux)
	as.resource = p.srv.URL + "/mcp"
	t.Cleanup(func() {
		p.srv.Close()
		f.wg.Wait()
	})
	return p
}

func (p *protectedMCP) last() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.seen) == 0 {
		return ""
	}
	return p.seen[len(p.seen)-1]
}
