package oauthtest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"

	"corvid/internal/jsonrpc"
)

// Protected is an MCP endpoint (Protected.MCPURL) behind bearer tokens
// the AuthServer issued, publishing RFC 9728 metadata unless told not
// to. It records the tokens it was sent.
type Protected struct {
	// URL is the server's root; MCPURL the protected endpoint.
	URL, MCPURL string
	srv         *httptest.Server
	mu          sync.Mutex
	seen        []string
}

// NewProtected serves inner at /mcp behind as; Close stops it.
func NewProtected(as *AuthServer, inner http.Handler, noMetadata bool) *Protected {
	p := &Protected{}
	mux := http.NewServeMux()
	if !noMetadata {
		mux.HandleFunc("GET /.well-known/oauth-protected-resource/mcp", func(w http.ResponseWriter, _ *http.Request) {
			_ = json.NewEncoder(w).Encode(map[string]any{"resource": p.MCPURL, "authorization_servers": []string{as.URL}})
		})
	}
	mux.HandleFunc("/mcp", func(w http.ResponseWriter, r *http.Request) {
		token, _ := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		p.mu.Lock()
		p.seen = append(p.seen, token)
		p.mu.Unlock()
		if !as.Valid(token) {
			challenge := `Bearer error="invalid_token"`
			if !noMetadata {
				challenge += `, resource_metadata="` + p.URL + `/.well-known/oauth-protected-resource/mcp"`
			}
			w.Header().Set("WWW-Authenticate", challenge)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		inner.ServeHTTP(w, r)
	})
	p.srv = httptest.NewUnstartedServer(mux)
	p.URL = "http://" + p.srv.Listener.Addr().String() // known before any handler runs
	p.MCPURL = p.URL + "/mcp"
	as.SetResource(p.MCPURL)
	p.srv.Start()
	return p
}

// Close stops the server.
func (p *Protected) Close() { p.srv.Close() }

// Last is the last token it was sent ("" : none).
func (p *Protected) Last() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.seen) == 0 {
		return ""
	}
	return p.seen[len(p.seen)-1]
}

// EchoMCP is a minimal streamable-HTTP MCP server answering in JSON:
// one tool, "whoami", whose result is "authorized".
func EchoMCP() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		m, err := jsonrpc.Decode(body)
		if err != nil || !m.IsRequest() {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		var result any
		switch m.Method {
		case "initialize":
			result = map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{"tools": map[string]any{}},
				"serverInfo": map[string]any{"name": "protected", "version": "1"}}
		case "tools/list":
			result = map[string]any{"tools": []any{map[string]any{"name": "whoami", "inputSchema": map[string]any{"type": "object"}}}}
		case "tools/call":
			result = map[string]any{"content": []any{map[string]any{"type": "text", "text": "authorized"}}}
		default:
			result = map[string]any{}
		}
		out, _ := jsonrpc.Response(m.ID, result, nil)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(out)
	})
}
