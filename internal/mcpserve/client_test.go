package mcpserve

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"corvid/internal/executor"
	"corvid/internal/filestate"
	"corvid/internal/jsonrpc"
	"corvid/internal/permission"
	"corvid/internal/shells"
	"corvid/internal/tool"
	"corvid/internal/tools/bash"
	"corvid/internal/tools/read"
)

// generous bounds waiting for an answer on a loaded machine.
const generous = time.Minute

// client is a raw JSON-RPC client of a server running Serve over pipes.
type client struct {
	t    testing.TB
	in   *io.PipeWriter
	msgs chan *jsonrpc.Message
	next int
}

// serve serves Read and Bash in dir, with the permission engine
// allowing `echo *`, `cd *` and `sleep *` and nobody to ask.
func serve(t testing.TB, dir string) *client {
	t.Helper()
	mgr := shells.New(shells.Options{})
	t.Cleanup(func() { _ = mgr.Close(context.Background()) })
	tools := []tool.Tool{read.New(filestate.New()), bash.New(mgr, bash.Options{})}
	reg, err := tool.NewRegistry(tools...)
	if err != nil {
		t.Fatal(err)
	}
	var allow []permission.RuleSource
	for _, r := range []string{"Bash(echo *)", "Bash(cd *)", "Bash(sleep *)"} {
		allow = append(allow, permission.RuleSource{Text: r, Source: permission.SourceCLI})
	}
	eng, errs := permission.New(permission.Config{Tools: tools, WorkDirs: []string{dir}, Home: t.TempDir(), Allow: allow})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	cfg := Config{Tools: reg, Pipeline: &executor.Pipeline{Permission: eng}, Version: "test",
		Env: tool.Env{WorkDir: dir, ProjectDir: dir, Dirs: []string{dir}, SessionDir: t.TempDir()}}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Serve(context.Background(), cfg, inR, outW)
		_ = outW.Close()
	}()
	c := &client{t: t, in: inW, msgs: make(chan *jsonrpc.Message, 64)}
	go func() {
		defer close(c.msgs)
		r := jsonrpc.NewLineReader(outR, 64<<20)
		for {
			b, err := r.Read()
			if err != nil {
				return
			}
			m, err := jsonrpc.Decode(b)
			if err != nil {
				t.Errorf("the server wrote %q: %v", b, err)
				return
			}
			c.msgs <- m
		}
	}()
	t.Cleanup(func() {
		_ = inW.Close()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(generous):
			t.Error("Serve did not end after its input closed")
		}
		_ = outR.Close()
		for range c.msgs {
		}
	})
	return c
}

// send writes one raw line.
func (c *client) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatal(err)
	}
}

// recv returns the next message from the server.
func (c *client) recv() *jsonrpc.Message {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			c.t.Fatal("the server's output ended")
		}
		return m
	case <-time.After(generous):
		c.t.Fatal("no message from the server")
	}
	return nil
}

// call sends a request and returns its answer, checking the id.
func (c *client) call(method string, params any) *jsonrpc.Message {
	c.t.Helper()
	c.next++
	b, _ := jsonrpc.Request(c.next, method, params)
	c.send(string(b))
	m := c.recv()
	if string(m.ID) != fmt.Sprint(c.next) {
		c.t.Fatalf("%s: answer %s has id %s, want %d", method, m.Result, m.ID, c.next)
	}
	return m
}

// tool calls a tool and returns its text and isError.
func (c *client) tool(name string, args map[string]any) (string, bool) {
	c.t.Helper()
	m := c.call("tools/call", map[string]any{"name": name, "arguments": args})
	if m.Error != nil {
		c.t.Fatalf("%s: %v", name, m.Error)
	}
	var res struct {
		Content []struct{ Type, Text string }
		IsError bool
	}
	if err := json.Unmarshal(m.Result, &res); err != nil {
		c.t.Fatal(err)
	}
	var b strings.Builder
	for _, x := range res.Content {
		b.WriteString(x.Text)
	}
	return b.String(), res.IsError
}
