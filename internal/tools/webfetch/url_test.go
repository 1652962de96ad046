package webfetch

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
)

func TestParseURL(t *testing.T) {
	tests := []struct {
		in, want string // want "" means an error
	}{
		{"https://example.com/a?b=c", "https://example.com/a?b=c"},
		{"http://example.com/a", "https://example.com/a"},
		{"HTTP://Example.com/a#frag", "https://Example.com/a"},
		{"http://example.com:8080/", "https://example.com:8080/"},
		{"http://localhost:3000/x", "http://localhost:3000/x"},
		{"http://LOCALHOST/", "http://LOCALHOST/"},
		{"http://127.0.0.1:8080/", "http://127.0.0.1:8080/"},
		{"http://127.5.6.7/", "http://127.5.6.7/"},
		{"http://[::1]:9000/", "http://[::1]:9000/"},
		{"https://localhost/", "https://localhost/"},
		{"http://10.0.0.1/", "https://10.0.0.1/"},
		{"http://localhost.example.com/", "https://localhost.example.com/"},
		{"  https://example.com/  ", "https://example.com/"},
		{"example.com", ""},
		{"/path", ""},
		{"mailto:a@example.com", ""},
		{"file:///etc/passwd", ""},
		{"javascript:alert(1)", ""},
		{"https://:80/", ""},
		{"https://u:p@example.com/", ""},
		{"https://example.com/" + strings.Repeat("x", maxURLLength), ""},
	}
	for _, tt := range tests {
		u, err := parseURL(tt.in)
		switch {
		case tt.want == "" && err == nil:
			t.Errorf("parseURL(%q) = %s, want an error", tt.in, u)
		case tt.want != "" && err != nil:
			t.Errorf("parseURL(%q): %v", tt.in, err)
		case tt.want != "" && u.String() != tt.want:
			t.Errorf("parseURL(%q) = %s, want %s", tt.in, u, tt.want)
		}
	}
}

func TestSameSite(t *testing.T) {
	tests := []struct {
		from, to string
		want     bool
	}{
		{"https://example.com/a", "https://example.com/b", true},
		{"https://example.com/a", "https://www.example.com/b", true},
		{"https://www.example.com/a", "https://example.com/b", true},
		{"https://Example.COM/a", "https://example.com/b", true},
		{"https://example.com/a", "https://docs.example.com/b", false},
		{"https://example.com/a", "https://example.org/b", false},
		{"https://example.com/a", "http://example.com/b", false},
		{"https://example.com/a", "https://example.com:8443/b", false},
		{"http://127.0.0.1:1/a", "http://127.0.0.1:2/b", false},
		{"https://example.com/a", "https://user@example.com/b", false},
	}
	for _, tt := range tests {
		from, _ := url.Parse(tt.from)
		to, _ := url.Parse(tt.to)
		if got := sameSite(from, to); got != tt.want {
			t.Errorf("sameSite(%s, %s) = %v, want %v", tt.from, tt.to, got, tt.want)
		}
	}
}

// TestRequestedURL checks, without a network, which URL goes on the wire
// and with which headers.
func TestRequestedURL(t *testing.T) {
	var mu sync.Mutex
	var got []*http.Request
	client := &http.Client{Transport: roundTripper(func(r *http.Request) (*http.Response, error) {
		mu.Lock()
		got = append(got, r)
		mu.Unlock()
		return &http.Response{StatusCode: 200, Status: "200 OK", Request: r,
			Header: http.Header{"Content-Type": {"text/plain"}}, Body: io.NopCloser(strings.NewReader("ok"))}, nil
	})}
	tl := New(Options{Client: client, UserAgent: "test-agent"})
	tests := []struct{ in, want string }{
		{"http://example.com/page", "https://example.com/page"},
		{"http://localhost:8080/page", "http://localhost:8080/page"},
		{"https://example.org/doc#intro", "https://example.org/doc"},
	}
	for i, tt := range tests {
		run := call(t, context.Background(), tl, tt.in, "p")
		if run.Result.IsError {
			t.Fatalf("%s: %s", tt.in, run.Text())
		}
		r := got[i]
		if r.URL.String() != tt.want || r.Method != http.MethodGet || r.Header.Get("User-Agent") != "test-agent" {
			t.Errorf("%s: requested %s %s (agent %q), want GET %s", tt.in, r.Method, r.URL, r.Header.Get("User-Agent"), tt.want)
		}
	}
}
