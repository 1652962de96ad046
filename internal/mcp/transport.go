package mcp

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
)

// dialWire starts the server (stdio) or opens the connection (http, sse)
// of an expanded entry.
func (c *conn) dialWire(ctx context.Context, cfg ServerConfig) (wire, error) {
	switch cfg.Transport() {
	case TypeStdio:
		cmd := exec.Command(cfg.Command, cfg.Args...)
		cmd.Dir = c.o.ProjectDir
		cmd.Env = append(append([]string{}, c.o.Environ...),
			"CLAUDECODE=1", "CLAUDE_PROJECT_DIR="+c.o.ProjectDir)
		for k, v := range cfg.Env {
			cmd.Env = append(cmd.Env, k+"="+v)
		}
		p, err := startProcess(cmd, c.logPath())
		if err != nil {
			return nil, err
		}
		c.setProcess(p)
		return p, nil
	case TypeHTTP:
		w := newHTTPWire(cfg.URL, cfg.Headers)
		w.server, w.auth = c.srv.Name, c.authorizer(cfg)
		return w, nil
	case TypeSSE:
		return dialSSE(ctx, cfg.URL, cfg.Headers)
	case TypeSDK:
		if c.o.SDK == nil {
			return nil, ErrNoSDKHost
		}
		return newSDKWire(c.o.SDK, c.srv.Name), nil
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

// withHeaders sets the entry's headers on a request.
func withHeaders(r *http.Request, h map[string]string) {
	for k, v := range h {
		r.Header.Set(k, v)
	}
}
