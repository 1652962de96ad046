package app

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"corvid/internal/cost"
	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/model"
	"corvid/internal/permission"
)

// closeGrace bounds how long the end of a run waits for background shells
// to stop.
const closeGrace = 5 * time.Second

// Run runs one prompt to completion. The returned error is for failures
// before the run could start (bad configuration, missing credentials);
// everything after that is reported as the event.Result, which Run also
// returns.
func Run(ctx context.Context, opts Options) (event.Result, error) {
	s, err := configure(opts)
	if err != nil {
		return event.Result{}, err
	}
	defer s.close()
	eng := engine.New(s.engine)
	done := make(chan struct{})
	defer close(done)
	if opts.Interrupt != nil {
		go func() {
			select {
			case <-opts.Interrupt:
				eng.Interrupt()
			case <-done:
			}
		}()
	}
	return eng.Submit(ctx, opts.Prompt), nil
}

// setup is a configured run: the engine's configuration and what must be
// released when the run ends.
type setup struct {
	engine engine.Config
	kit    *toolkit
}

// close stops whatever background shells are still running.
func (s *setup) close() {
	ctx, cancel := context.WithTimeout(context.Background(), closeGrace)
	defer cancel()
	_ = s.kit.shells.Close(ctx)
}

// configure builds the run from the options, the settings files and the
// environment.
func configure(opts Options) (*setup, error) {
	if opts.Sink == nil {
		return nil, fmt.Errorf("app: no event sink")
	}
	settings := loadSettings(opts, environment(opts.Getenv))
	env := withSettingsEnv(environment(opts.Getenv), settings)
	mode, err := permissionMode(opts, settings)
	if err != nil {
		return nil, err
	}
	main, fallbacks, err := models(opts, env, settings)
	if err != nil {
		return nil, err
	}
	client, keySource, err := newProvider(env)
	if err != nil {
		return nil, err
	}
	costs, retry := &cost.Tracker{}, retryPolicy(env)
	kit := newToolkit(env, settings.Env, summarizer{provider: client, model: model.Resolve("haiku"), retry: retry, costs: costs})
	pcfg := permissionConfig(opts, settings, mode)
	gate, errs := permission.New(pcfg)
	for _, e := range errs {
		warnf(opts, "warning: permission rule ignored: %v\n", e)
	}
	builtin := restrict(opts, kit.tools())
	tools, err := registry(builtin, hiddenTools(pcfg.Deny, builtin))
	if err != nil {
		return nil, err
	}
	id := opts.SessionID
	if id == "" {
		id = uuid.NewString()
	}
	cfg := engine.Config{
		Provider: client, Tools: tools, Permission: withDebug(opts, gate),
		Model: main, FallbackModels: fallbacks, MaxTokens: env.int("CLAUDE_CODE_MAX_OUTPUT_TOKENS"),
		MaxTurns: opts.MaxTurns, MaxBudgetUSD: opts.MaxBudgetUSD,
		System: systemPrompt(opts), Retry: retry, Costs: costs,
		BatchTools:     env.bool("CORVID_BATCH_TOOLS"),
		MaxConcurrency: env.int("CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY"),
		SessionID:      id, Cwd: opts.Cwd, Dirs: pcfg.WorkDirs,
		SessionDir: sessionDir(env, opts.Cwd, id), Reminders: kit.shells.Notifications,
		PermissionMode: mode, APIKeySource: keySource,
		Sink: opts.Sink, PartialMessages: opts.PartialMessages,
	}
	return &setup{engine: cfg, kit: kit}, nil
}
