package mcpserve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	"corvid/internal/executor"
	"corvid/internal/jsonrpc"
	"corvid/internal/tool"
)

// maxMessage caps one message from the client; a larger one ends the
// connection (the stream cannot be resynchronised).
const maxMessage = 64 << 20

// Config is what a server serves.
type Config struct {
	// Tools are the tools offered, in order.
	Tools *tool.Registry
	// Pipeline runs each call: validation, permission, the tool.
	Pipeline *executor.Pipeline
	// Env is the environment the first call runs in; tools that change
	// it (Bash's cd) change it for the calls after them.
	Env tool.Env
	// Version is corvid's version, reported to clients.
	Version string
}

// server runs calls for one MCP client.
type server struct {
	cfg   Config
	tools map[string]tool.Tool
	defs  []toolDef
	out   *jsonrpc.LineWriter
	// exclusive serialises calls that are not concurrency-safe, as the
	// executor does within one message.
	exclusive sync.RWMutex
	envMu     sync.Mutex
	env       tool.Env
	calls     atomic.Uint64

	runMu   sync.Mutex
	running map[string]context.CancelFunc // calls under way, by request id
	wg      sync.WaitGroup                // their goroutines
	writeMu sync.Mutex
	failed  error // the first write error: the client is gone
}

func newServer(cfg Config, out io.Writer) *server {
	s := &server{cfg: cfg, env: cfg.Env, tools: map[string]tool.Tool{}, out: jsonrpc.NewLineWriter(out),
		running: map[string]context.CancelFunc{}}
	for _, t := range cfg.Tools.Tools() {
		if def, ok := definition(t); ok {
			s.tools[t.Name()] = t
			s.defs = append(s.defs, def)
		}
	}
	return s
}

// Serve serves cfg's tools to the client writing to in and reading out,
// until in ends (after the calls under way have answered) or ctx ends
// (calls under way are cancelled). The goroutine reading in ends when in
// does: the caller closes it (a process's stdin closes when it exits).
func Serve(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	s := newServer(cfg, out)
	ctx, cancel := context.WithCancel(ctx)
	defer s.wg.Wait()
	defer cancel()
	frames := make(chan []byte)
	readErr := make(chan error, 1)
	go func() {
		r := jsonrpc.NewLineReader(in, maxMessage)
		for {
			b, err := r.Read()
			if err != nil {
				readErr <- err
				return
			}
			select {
			case frames <- b:
			case <-ctx.Done():
				readErr <- ctx.Err()
				return
			}
		}
	}()
	for {
		select {
		case b := <-frames:
			s.handle(ctx, b)
			if err := s.writeErr(); err != nil {
				return fmt.Errorf("%w: writing to the client: %w", ErrServe, err)
			}
		case err := <-readErr:
			if errors.Is(err, io.EOF) || ctx.Err() != nil {
				s.wg.Wait() // the calls under way answer before the server ends
				if err := s.writeErr(); err != nil {
					return fmt.Errorf("%w: writing to the client: %w", ErrServe, err)
				}
				return nil
			}
			return fmt.Errorf("%w: reading from the client: %w", ErrServe, err)
		case <-ctx.Done():
			return nil
		}
	}
}

// send writes one message; a write error is kept and ends Serve.
func (s *server) send(b []byte) {
	if err := s.out.Write(b); err != nil {
		s.writeMu.Lock()
		if s.failed == nil {
			s.failed = err
		}
		s.writeMu.Unlock()
	}
}

func (s *server) writeErr() error {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	return s.failed
}
