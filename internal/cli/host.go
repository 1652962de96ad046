package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"corvid/internal/app"
	"corvid/internal/sdk"
	"corvid/internal/sdk/host"
)

// serveHost runs the Agent SDK protocol (--input-format stream-json):
// many turns over one conversation until stdin ends. A first SIGINT
// interrupts the running turn, as the host's interrupt request does.
func (c *CLI) serveHost(hardCtx context.Context, inv *invocation, interrupt <-chan struct{}) (outcome, bool) {
	cwd, err := c.getwd()
	if err != nil {
		return outcome{err: fmt.Errorf("finding the working directory: %w", err)}, true
	}
	if c.Stdout == os.Stdout {
		// A host that dies closes our stdout: writing must fail with EPIPE
		// (the host front end then interrupts the turn and stops the
		// tools) instead of killing corvid with SIGPIPE and orphaning them.
		pipe := make(chan os.Signal, 1)
		signal.Notify(pipe, syscall.SIGPIPE)
		defer signal.Stop(pipe)
	}
	base := inv.opts
	base.Cwd, base.Getenv, base.Stderr = cwd, c.getenv, c.Stderr
	conv := make(chan *app.Conversation, 1)
	open := func(ctx context.Context, s host.Setup) (host.Conversation, error) {
		o := base
		o.Sink, o.Asker, o.Hooks = s.Sink, s.Asker, s.Hooks
		o.SDKMCP, o.SDKMCPServers = s.MCP, s.SDKMCPServers
		if s.HasSystemPrompt && !o.HasSystemPrompt {
			o.SystemPrompt, o.HasSystemPrompt = s.SystemPrompt, true
		}
		if len(s.JSONSchema) > 0 && len(o.JSONSchema) == 0 {
			o.JSONSchema = s.JSONSchema
		}
		if s.AgentsJSON != "" {
			o.AgentsJSON = s.AgentsJSON
		}
		if s.AppendSystemPrompt != "" {
			o.AppendSystemPrompt = joinNonEmpty(o.AppendSystemPrompt, s.AppendSystemPrompt)
		}
		cv, err := app.Open(ctx, o)
		if err != nil {
			return nil, err
		}
		conv <- cv
		return cv, nil
	}
	stop := make(chan struct{})
	defer close(stop)
	go interruptOnSignal(interrupt, conv, stop)
	opts := host.Options{In: c.Stdin, Out: c.Stdout, Stderr: c.Stderr, PromptTool: inv.promptTool,
		ReplayUserMessages: inv.replay, SessionStates: sessionStates(c.getenv),
		Render: sdk.Options{Format: sdk.FormatStreamJSON, Verbose: true, MaxTurns: inv.opts.MaxTurns,
			MaxBudgetUSD: inv.opts.MaxBudgetUSD, Stderr: c.Stderr},
		APIKeySource: apiKeySource(c.getenv), Open: open}
	done := make(chan runReturn, 1)
	go func() {
		res, err := host.Run(hardCtx, opts)
		done <- runReturn{res, err}
	}()
	r, finished := c.waitRun(hardCtx, done)
	if !finished {
		return outcome{}, false
	}
	// As Claude Code does, the exit code follows the last turn's result
	// (1 after an error result, such as an interrupted turn): the SDK
	// then reports that result's error once the messages are read.
	return outcome{err: r.err, result: &r.res}, true
}

// interruptOnSignal interrupts the conversation's running turn when the
// first SIGINT closes interrupt.
func interruptOnSignal(interrupt <-chan struct{}, conv <-chan *app.Conversation, stop <-chan struct{}) {
	var cv *app.Conversation
	for {
		select {
		case cv = <-conv:
		case <-interrupt:
			if cv != nil {
				cv.Interrupt()
			}
			return
		case <-stop:
			return
		}
	}
}

// apiKeySource names where the credentials come from, for initialize.
func apiKeySource(getenv func(string) string) string {
	if getenv("ANTHROPIC_API_KEY") != "" {
		return "ANTHROPIC_API_KEY"
	}
	return "none"
}

func joinNonEmpty(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n\n" + b
}
