package mcp

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// transport builds the connection's transport from an expanded entry.
func (c *conn) transport(cfg ServerConfig) (mcp.Transport, error) {
	switch cfg.Transport() {
	case TypeStdio:
		cmd := exec.Command(cfg.Command, cfg.Args...)
		cmd.Dir = c.o.ProjectDir
		cmd.Env = append(append([]string{}, c.o.Environ...),
			"CLAUDECODE=1", "CLAUDE_PROJECT_DIR="+c.o.ProjectDir)
		for k, v := range cfg.Env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		return &stdioTransport{cmd: cmd, logPath: c.logPath(), started: c.setProcess}, nil
	case TypeHTTP:
		return &mcp.StreamableClientTransport{Endpoint: cfg.URL, HTTPClient: headerClient(cfg.Headers)}, nil
	case TypeSSE:
		return &mcp.SSEClientTransport{Endpoint: cfg.URL, HTTPClient: headerClient(cfg.Headers)}, nil
	}
	return nil, fmt.Errorf("%w: transport %q is not supported here", ErrConfig, cfg.Transport())
}

// logPath is the server's stderr log, os.DevNull without a log dir.
func (c *conn) logPath() string {
	if c.o.LogDir == "" {
		return os.DevNull
	}
	if err := os.MkdirAll(c.o.LogDir, 0o700); err != nil {
		return os.DevNull
	}
	return filepath.Join(c.o.LogDir, c.srv.Name+".log")
}

// headerClient is an HTTP client that adds the entry's headers.
func headerClient(h map[string]string) *http.Client {
	if len(h) == 0 {
		return nil
	}
	return &http.Client{Transport: headerRoundTripper{h: h, next: http.DefaultTransport}}
}

type headerRoundTripper struct {
	h    map[string]string
	next http.RoundTripper
}

func (t headerRoundTripper) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range t.h {
		r.Header.Set(k, v)
	}
	return t.next.RoundTrip(r)
}
