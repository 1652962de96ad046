package app

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/permission"
)

// Run runs one prompt to completion. The returned error is for failures
// before the run could start (bad configuration, missing credentials);
// everything after that is reported as the event.Result, which Run also
// returns.
func Run(ctx context.Context, opts Options) (event.Result, error) {
	cfg, err := configure(opts)
	if err != nil {
		return event.Result{}, err
	}
	eng := engine.New(cfg)
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

// configure builds the engine's configuration from the options and the
// environment.
func configure(opts Options) (engine.Config, error) {
	env := environment(opts.Getenv)
	mode, err := permission.ParseMode(opts.PermissionMode)
	if err != nil {
		return engine.Config{}, err
	}
	main, fallbacks, err := models(opts, env)
	if err != nil {
		return engine.Config{}, err
	}
	client, keySource, err := newProvider(env)
	if err != nil {
		return engine.Config{}, err
	}
	tools, deny, err := registry(opts)
	if err != nil {
		return engine.Config{}, err
	}
	cfg := engine.Config{
		Provider: client, Tools: tools,
		Permission: permission.Gate{Mode: mode, Deny: deny},
		Model:      main, FallbackModels: fallbacks, MaxTokens: env.int("CLAUDE_CODE_MAX_OUTPUT_TOKENS"),
		MaxTurns: opts.MaxTurns, MaxBudgetUSD: opts.MaxBudgetUSD,
		System:         systemPrompt(opts),
		Retry:          retryPolicy(env),
		BatchTools:     env.bool("CORVID_BATCH_TOOLS"),
		MaxConcurrency: env.int("CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY"),
		SessionID:      uuid.NewString(), Cwd: opts.Cwd, PermissionMode: mode, APIKeySource: keySource,
		Sink: opts.Sink, PartialMessages: opts.PartialMessages,
	}
	if cfg.Sink == nil {
		return engine.Config{}, fmt.Errorf("app: no event sink")
	}
	return cfg, nil
}
