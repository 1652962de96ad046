package mcp

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// browser plays the user: it reads Login's output, GETs the printed
// authorization URL and follows the redirects back to corvid's loopback
// listener. tamper, when set, edits the redirect to the callback.
type browser struct {
	mu     sync.Mutex
	out    bytes.Buffer
	status int
	err    error
	visits sync.WaitGroup
}

// login runs Login for s with b as the user; it returns Login's error.
func (b *browser) login(t *testing.T, s Server, cfgDir string, tamper func(*http.Request)) error {
	t.Helper()
	pr, pw := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			line := sc.Text()
			b.mu.Lock()
			b.out.WriteString(line + "\n")
			b.mu.Unlock()
			if u, ok := strings.CutPrefix(line, "  http"); ok {
				b.visits.Add(1)
				go b.visit("http"+u, tamper)
			}
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), generous)
	defer cancel()
	err := Login(ctx, s, LoginOptions{ConfigDir: cfgDir, Out: pw})
	_ = pw.Close()
	<-done
	b.visits.Wait()
	return err
}

func (b *browser) visit(u string, tamper func(*http.Request)) {
	defer b.visits.Done()
	c := &http.Client{Timeout: generous, CheckRedirect: func(req *http.Request, _ []*http.Request) error {
		if tamper != nil && req.URL.Path == "/callback" {
			tamper(req)
		}
		return nil
	}}
	resp, err := c.Get(u)
	b.mu.Lock()
	defer b.mu.Unlock()
	if err != nil {
		b.err = err
		return
	}
	resp.Body.Close()
	b.status = resp.StatusCode
}

func (b *browser) printed() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.out.String()
}
