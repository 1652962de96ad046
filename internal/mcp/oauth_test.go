package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"corvid/internal/mcp/oauthtest"
)

func oauthServer(p *oauthtest.Protected) Server {
	return Server{Name: "secure", Source: "test", Config: ServerConfig{Type: TypeHTTP, URL: p.MCPURL}}
}

// newOAuth starts an authorization server and the fixture behind it.
func newOAuth(t *testing.T, noMetadata bool) (*oauthtest.AuthServer, *oauthtest.Protected) {
	as := oauthtest.NewAuthServer()
	f := newFixture()
	p := oauthtest.NewProtected(as, streamableHandler(f), noMetadata)
	t.Cleanup(func() {
		p.Close()
		as.Close()
		f.wg.Wait()
	})
	return as, p
}

// startAuthed starts a manager with OAuth tokens from cfgDir, collecting
// its warnings.
func startAuthed(t *testing.T, s Server, cfgDir string, warns *[]string) *Manager {
	var mu sync.Mutex
	m := Start(&Loaded{Servers: []Server{s}}, Options{StartTimeout: generous, ConfigDir: cfgDir,
		Warn: func(_ string, err error) { mu.Lock(); *warns = append(*warns, err.Error()); mu.Unlock() }})
	t.Cleanup(m.Close)
	m.Wait(context.Background(), generous)
	return m
}

// The whole flow: a protected server is needs-auth until login; login
// discovers (RFC 9728, RFC 8414), registers (RFC 7591), sends the user
// to the printed URL (PKCE S256), takes the redirect, stores the tokens
// 0600; then the session connects with the bearer token. No token ever
// appears in what corvid printed or reported.
func TestOAuthLoginFlow(t *testing.T) {
	as, p := newOAuth(t, false)
	cfgDir := t.TempDir()
	s := oauthServer(p)
	var warns []string
	before := startAuthed(t, s, cfgDir, &warns).Status()[0]
	if before.State != StateNeedsAuth || !strings.Contains(before.Error, "corvid mcp login secure") {
		t.Fatalf("before login: %+v", before)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "corvid mcp login secure") {
		t.Errorf("warnings %q, want one saying how to log in", warns)
	}
	var b browser
	if err := b.login(t, s, cfgDir, nil); err != nil {
		t.Fatalf("login: %v\nprinted:\n%s", err, b.printed())
	}
	if b.status != http.StatusOK || b.err != nil {
		t.Errorf("the browser ended on HTTP %d (%v)", b.status, b.err)
	}
	if regs, _ := as.Counts(); regs != 1 {
		t.Errorf("%d dynamic registrations, want 1", regs)
	}
	path := credentialsPath(cfgDir, s.Name, s.Config.URL)
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("token file %s: %v mode %v, want 0600", path, err, st)
	}
	m := startAuthed(t, s, cfgDir, &warns)
	if st := m.Status()[0]; st.State != StateConnected {
		t.Fatalf("after login: %+v", st)
	}
	if got := textOf(t)(m.Call(context.Background(), "secure", "echo", json.RawMessage(`{"text":"in"}`), nil)); got != "echo: in" {
		t.Errorf("echo = %q", got)
	}
	if !strings.HasPrefix(p.Last(), "secret-access-") {
		t.Errorf("the server last saw token %q", p.Last())
	}
	all := b.printed() + strings.Join(warns, "\n") + before.Error
	if strings.Contains(all, "secret-") || strings.Contains(all, "code-") {
		t.Errorf("a token or code was printed:\n%s", all)
	}
	if !strings.Contains(b.printed(), as.URL+"/authorize?") || !strings.Contains(b.printed(), "code_challenge_method=S256") {
		t.Errorf("printed:\n%s", b.printed())
	}
}

// An expired token is refreshed before the first request, and a token
// the server refuses mid-session is refreshed and the call retried; the
// new tokens are stored, still 0600.
func TestOAuthRefresh(t *testing.T) {
	as, p := newOAuth(t, false)
	cfgDir := t.TempDir()
	s := oauthServer(p)
	var b browser
	if err := b.login(t, s, cfgDir, nil); err != nil {
		t.Fatal(err)
	}
	path := credentialsPath(cfgDir, s.Name, s.Config.URL)
	c, err := loadCredentials(path)
	if err != nil || c == nil {
		t.Fatal(err)
	}
	first := c.AccessToken
	c.ExpiresAt = time.Now().Add(-time.Minute)
	b2, _ := json.Marshal(c)
	if err := os.WriteFile(path, b2, 0o644); err != nil { // as if someone loosened it
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	var warns []string
	m := startAuthed(t, s, cfgDir, &warns)
	if st := m.Status()[0]; st.State != StateConnected {
		t.Fatalf("status %+v", st)
	}
	if _, refreshes := as.Counts(); refreshes != 1 || p.Last() == first {
		t.Errorf("expired token: %d refreshes, server saw %q (the old one was %q)", refreshes, p.Last(), first)
	}
	as.RevokeAll() // the server now refuses the refreshed token too
	if got := textOf(t)(m.Call(context.Background(), "secure", "echo", json.RawMessage(`{"text":"again"}`), nil)); got != "echo: again" {
		t.Errorf("echo after revocation = %q", got)
	}
	c2, _ := loadCredentials(path)
	if _, refreshes := as.Counts(); refreshes != 2 || c2 == nil || c2.AccessToken != p.Last() {
		t.Errorf("refused token: %d refreshes; stored %+v, server saw %q", refreshes, c2, p.Last())
	}
	if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("token file after refresh: %v %v", st, err)
	}
}

// A server that answers 401 without OAuth metadata: needs-auth with
// what to do, and login says there is no metadata.
func TestOAuthNoMetadata(t *testing.T) {
	_, p := newOAuth(t, true)
	cfgDir := t.TempDir()
	s := oauthServer(p)
	var warns []string
	st := startAuthed(t, s, cfgDir, &warns).Status()[0]
	if st.State != StateNeedsAuth || !strings.Contains(st.Error, "names no OAuth metadata") ||
		!strings.Contains(st.Error, "--header 'Authorization: Bearer") {
		t.Errorf("status %+v", st)
	}
	var b browser
	err := b.login(t, s, cfgDir, nil)
	if !errors.Is(err, ErrNoOAuthMetadata) {
		t.Errorf("login: %v, want ErrNoOAuthMetadata", err)
	}
	if _, err := os.Stat(filepath.Join(cfgDir, "mcp-oauth")); !os.IsNotExist(err) {
		t.Errorf("something was stored: %v", err)
	}
}

// A redirect whose state is not the one corvid sent is refused: the
// login fails and stores nothing.
func TestOAuthStateMismatch(t *testing.T) {
	_, p := newOAuth(t, false)
	cfgDir := t.TempDir()
	var b browser
	err := b.login(t, oauthServer(p), cfgDir, func(r *http.Request) {
		q := r.URL.Query()
		q.Set("state", "forged")
		r.URL.RawQuery = q.Encode()
	})
	if !errors.Is(err, ErrStateMismatch) {
		t.Fatalf("login: %v, want ErrStateMismatch", err)
	}
	if b.status != http.StatusBadRequest {
		t.Errorf("the forged redirect got HTTP %d, want 400", b.status)
	}
	if _, err := os.Stat(credentialsPath(cfgDir, "secure", p.MCPURL)); !os.IsNotExist(err) {
		t.Errorf("tokens were stored: %v", err)
	}
}

// An entry with "oauth": {"clientId", "callbackPort"} uses that client
// and port and registers nothing.
func TestOAuthConfiguredClient(t *testing.T) {
	as, p := newOAuth(t, false)
	as.DisableRegistration()
	port := freePort(t)
	as.PreRegister("my-client", "http://127.0.0.1:"+port+"/callback")
	s := oauthServer(p)
	s.Config.OAuth = &OAuthConfig{ClientID: "my-client", CallbackPort: atoi(t, port)}
	var b browser
	if err := b.login(t, s, t.TempDir(), nil); err != nil {
		t.Fatalf("login: %v\n%s", err, b.printed())
	}
	if regs, _ := as.Counts(); regs != 0 {
		t.Errorf("%d registrations with a configured client", regs)
	}
	// Without a client id and without registration, login says what to set.
	s.Config.OAuth = nil
	if err := b.login(t, s, t.TempDir(), nil); err == nil || !strings.Contains(err.Error(), `"oauth": {"clientId"`) {
		t.Errorf("login without a client: %v", err)
	}
}

func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	return port
}

func atoi(t *testing.T, s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// A refused token that cannot be refreshed (the refresh token is no
// longer valid) leaves the server needs-auth, saying to log in again;
// the old tokens are not printed.
func TestOAuthRefreshFails(t *testing.T) {
	as, p := newOAuth(t, false)
	cfgDir := t.TempDir()
	s := oauthServer(p)
	var b browser
	if err := b.login(t, s, cfgDir, nil); err != nil {
		t.Fatal(err)
	}
	path := credentialsPath(cfgDir, s.Name, s.Config.URL)
	c, _ := loadCredentials(path)
	c.RefreshToken = "secret-refresh-unknown"
	if err := c.save(path); err != nil {
		t.Fatal(err)
	}
	as.RevokeAll()
	var warns []string
	st := startAuthed(t, s, cfgDir, &warns).Status()[0]
	if st.State != StateNeedsAuth || !strings.Contains(st.Error, "the stored token was refused and could not be refreshed") ||
		!strings.Contains(st.Error, "corvid mcp login secure") {
		t.Errorf("status %+v", st)
	}
	if all := st.Error + strings.Join(warns, "\n"); strings.Contains(all, "secret-") {
		t.Errorf("a token was printed: %s", all)
	}
}
