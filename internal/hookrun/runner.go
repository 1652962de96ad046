package hookrun

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"corvid/internal/hook"
)

// Options configure a Runner.
type Options struct {
	// Handlers are the handlers by callback id (hook.Register).
	Handlers map[string]hook.Handler
	// Dir is where commands run (the session's working directory);
	// ProjectDir is CLAUDE_PROJECT_DIR (the launch directory).
	Dir, ProjectDir string
	// Env is the base environment of commands (os.Environ plus the
	// settings' env); the hook variables are added to it.
	Env []string
	// EnvFile names the CLAUDE_ENV_FILE given to SessionStart hooks when
	// they fire (nil or "": none); it is a function because the session,
	// and so its directory, is known only after the runner is made.
	EnvFile func() string
	// Shell runs command strings ("": bash, else /bin/sh).
	Shell string
	// Observer is told about every run; nil: nobody.
	Observer Observer
	// Match reports whether a tool call matches an "if" permission rule;
	// nil: "if" is ignored (every call matches).
	Match func(rule, toolName string, input json.RawMessage) bool
	// Getenv reads variables for http header interpolation.
	Getenv func(string) string
	// HTTP restricts http handlers' URLs and header variables.
	HTTP hook.HTTPPolicy
	// Complete asks the small model (model "" = the default small one)
	// for prompt handlers; nil: prompt handlers fail (non-blocking).
	Complete func(ctx context.Context, model, prompt string) (string, error)
}

// Runner runs settings hook handlers. It is safe for concurrent use.
// Close ends the async handlers still running.
type Runner struct {
	opts Options

	ctx    context.Context // parent of async runs; cancelled by Close
	cancel context.CancelFunc
	async  sync.WaitGroup

	mu  sync.Mutex
	ran map[string]bool // once handlers that ran
}

// New returns a Runner for opts.
func New(opts Options) *Runner {
	if opts.Observer == nil {
		opts.Observer = nopObserver{}
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Runner{opts: opts, ctx: ctx, cancel: cancel, ran: map[string]bool{}}
}

var _ hook.Runner = (*Runner)(nil)

// RunHook runs handler id with input and returns its decision as hook
// JSON (nil when it decided nothing). A handler that fails returns an
// error; the Observer has already been told why.
func (r *Runner) RunHook(ctx context.Context, id, _ string, input json.RawMessage) (json.RawMessage, error) {
	h, ok := r.opts.Handlers[id]
	if !ok {
		return nil, fmt.Errorf("%w: %q", hook.ErrNoCallback, id)
	}
	in := parseInput(input)
	if !r.selected(id, h, in) {
		return nil, nil
	}
	if h.Async {
		r.startAsync(ctx, h, in, input)
		return nil, nil
	}
	out := r.run(ctx, h, in, input)
	if out.Output != nil {
		return out.Output, nil // a failed run's valid JSON still applies
	}
	return nil, out.Err
}

// selected applies "if" and "once".
func (r *Runner) selected(id string, h hook.Handler, in hookInput) bool {
	if h.If != "" && in.ToolName != "" && r.opts.Match != nil && !r.opts.Match(h.If, in.ToolName, in.ToolInput) {
		return false
	}
	if !h.Once {
		return true
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ran[id] {
		return false
	}
	r.ran[id] = true
	return true
}

// startAsync runs h in the background with its own timeout; its output
// decides nothing. Close stops it.
func (r *Runner) startAsync(ctx context.Context, h hook.Handler, in hookInput, input []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.ctx.Err() != nil {
		return
	}
	r.async.Add(1)
	go func() {
		defer r.async.Done()
		actx, cancel := context.WithTimeout(r.ctx, h.TimeoutOrDefault())
		defer cancel()
		r.run(actx, h, in, input)
	}()
}

// AsyncGrace is how long Close lets async handlers finish before it
// stops them.
const AsyncGrace = 2 * time.Second

// Close waits, at most AsyncGrace, for the async handlers still running,
// then stops the rest and waits for them.
func (r *Runner) Close() {
	done := make(chan struct{})
	go func() { r.async.Wait(); close(done) }()
	t := time.NewTimer(AsyncGrace)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
	}
	r.cancel()
	<-done
}

// run runs one handler, reporting it to the Observer.
func (r *Runner) run(ctx context.Context, h hook.Handler, in hookInput, input []byte) Outcome {
	run := Run{ID: newID(), Name: in.name(), Event: in.Event, Handler: h}
	r.opts.Observer.Started(run)
	start := time.Now()
	var out Outcome
	switch h.Type {
	case hook.TypeCommand:
		res := r.runCommand(ctx, h, r.env(in.Event), input)
		out = commandOutcome(in, h, res)
	case hook.TypeHTTP:
		out = r.runHTTP(ctx, h, in, input)
	case hook.TypePrompt:
		out = r.runPrompt(ctx, h, in, input)
	}
	out.Duration = time.Since(start)
	r.opts.Observer.Finished(run, out)
	return out
}

// env is a command's environment.
func (r *Runner) env(event string) []string {
	env := make([]string, 0, len(r.opts.Env)+6)
	for _, kv := range r.opts.Env {
		if !strings.HasPrefix(kv, "OTEL_") {
			env = append(env, kv)
		}
	}
	env = append(env, "CLAUDE_PROJECT_DIR="+r.opts.ProjectDir, "CORVID_PROJECT_DIR="+r.opts.ProjectDir,
		"CLAUDECODE=1", "CORVID=1")
	if f := r.envFile(); f != "" && envFileEvent(event) {
		_ = os.MkdirAll(filepath.Dir(f), 0o700) // the session directory may not exist yet
		env = append(env, "CLAUDE_ENV_FILE="+f)
	}
	return env
}

func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80 // a version 4 UUID
	h := hex.EncodeToString(b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// envFile is the CLAUDE_ENV_FILE path now, "" when there is none.
func (r *Runner) envFile() string {
	if r.opts.EnvFile == nil {
		return ""
	}
	return r.opts.EnvFile()
}

// envFileEvent reports whether an event's hooks get CLAUDE_ENV_FILE.
func envFileEvent(event string) bool {
	switch event {
	case "SessionStart", "Setup", "CwdChanged", "FileChanged":
		return true
	}
	return false
}
