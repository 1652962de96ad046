package mcp

import (
	"net/http"
	"testing"
)

func TestChallenge(t *testing.T) {
	for _, tt := range []struct{ header, metadata, scope string }{
		{`Bearer resource_metadata="https://a/.well-known/x", scope="read write"`, "https://a/.well-known/x", "read write"},
		{`Bearer error="invalid_token", RESOURCE_METADATA=https://b/m,scope=files`, "https://b/m", "files"},
		{`Bearer realm="x\"resource_metadata=no", resource_metadata = "https://c/\"q\""`, `https://c/"q"`, ""},
		{`Bearer xresource_metadata="https://d"`, "", ""},
		{`Bearer error="invalid_token"`, "", ""},
		{``, "", ""},
	} {
		h := http.Header{"Www-Authenticate": {tt.header}}
		m, s := challenge(h)
		if m != tt.metadata || s != tt.scope {
			t.Errorf("%s: metadata %q scope %q, want %q %q", tt.header, m, s, tt.metadata, tt.scope)
		}
	}
}
