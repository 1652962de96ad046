package app

import (
	"context"
	"fmt"
	"sync"

	"corvid/internal/engine"
	"corvid/internal/event"
	"corvid/internal/event/broker"
	"corvid/internal/hook"
	"corvid/internal/permission"
	"corvid/internal/provider"
)

// Config is what Open needs: the command line's decisions plus what the
// front end supplies (sink, asker, hooks).
type Config = Options

// Conversation is one long-lived conversation: print mode submits one
// prompt to it, the stream-json host many. Its methods other than Submit
// are safe to call from any goroutine while a turn runs; Submit calls are
// serialised.
//
// A sub-agent will be a child conversation: its own prompt, tools and
// transcript over the parent's provider, costs and permission policy.
type Conversation struct {
	s      *setup
	eng    *engine.Engine
	events *broker.Broker // between the conversation and its sinks
	opts   Options
	stop   func() bool // ends the watch that stops shells on a hard stop

	turn sync.Mutex // held by Submit

	mu   sync.Mutex // guards busy against Interrupt
	busy bool

	closeOnce sync.Once
}

// Open builds a conversation (new, continued or resumed, as cfg says).
// Cancelling ctx is the hard stop of everything it runs; Close releases
// it.
func Open(ctx context.Context, cfg Config) (*Conversation, error) {
	if cfg.Sink == nil {
		return nil, fmt.Errorf("app: no event sink")
	}
	events, err := openEvents(cfg)
	if err != nil {
		return nil, err
	}
	cfg.Sink = events.Publish
	s, err := configure(cfg)
	if err != nil {
		events.Close()
		return nil, err
	}
	c := &Conversation{s: s, opts: cfg, events: events}
	s.engine.Init = c.info
	s.engine.MaxThinkingTokens = cfg.MaxThinkingTokens
	c.eng = engine.New(s.engine)
	s.live = c.eng.Policy
	// A hard stop ends background shells at once, alongside the tools.
	c.stop = context.AfterFunc(ctx, s.closeShells)
	return c, nil
}

// SubmitText runs a text prompt, or the slash command it names.
func (c *Conversation) SubmitText(ctx context.Context, text string) event.Result {
	return c.Submit(ctx, []provider.Block{provider.TextBlock(text)})
}

// Submit runs one turn for a prompt of content blocks and returns its
// result, which was also published as the turn's last event. A prompt
// that is one text block naming a slash command runs the command.
func (c *Conversation) Submit(ctx context.Context, prompt []provider.Block) event.Result {
	c.turn.Lock()
	defer c.turn.Unlock()
	c.setBusy(true)
	defer c.setBusy(false)
	if len(prompt) == 1 && prompt[0].Type == provider.BlockText {
		name, arg, ok := slashCommand(prompt[0].Text)
		switch {
		case ok && name == "compact":
			return c.eng.Compact(ctx, arg)
		case ok && name == "cost":
			return c.eng.Report(ctx, c.s.engine.Costs.Render())
		}
	}
	defer c.s.cmds.endTurn()
	t, declined := c.customTurn(ctx, prompt)
	if declined != nil {
		return *declined
	}
	if !t.mentioned {
		t.blocks = append(c.mcpResources(ctx, prompt), t.blocks...)
	}
	if t.model.ID != "" {
		defer c.overrideModel(t.model)()
	}
	// UserPromptSubmit hooks are told the prompt as it was typed.
	return c.eng.SubmitAs(ctx, engine.PromptText(prompt), t.blocks)
}

// setBusy marks a turn running. When it ends, an interrupt that arrived
// after the engine's turn closed is forgotten, so it cannot stop the next
// turn.
func (c *Conversation) setBusy(b bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.busy = b
	if !b {
		c.eng.ForgetInterrupt()
	}
}

// Interrupt interrupts the running turn as a user does (see
// engine.Engine.Interrupt). Without a running turn it does nothing.
func (c *Conversation) Interrupt() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.busy {
		c.eng.Interrupt()
	}
}

// SetPermissionMode changes the permission mode from the next call on.
func (c *Conversation) SetPermissionMode(m permission.Mode) error {
	if _, err := permission.ParseMode(string(m)); err != nil {
		return err
	}
	c.s.gate.SetMode(m)
	return nil
}

// SetModel makes name the main model from the next turn on; "" or
// "default" returns to the model the conversation was opened with.
func (c *Conversation) SetModel(name string) error {
	m := c.s.engine.Model
	if name != "" && name != "default" {
		m = c.s.resolve(name)
	}
	if m.ID == "" {
		return fmt.Errorf("app: no model named %q", name)
	}
	c.eng.UpdatePolicy(func(p *engine.Policy) { p.Model = m })
	return nil
}

// SetMaxThinkingTokens sets the thinking budget from the next turn on (0:
// the default).
func (c *Conversation) SetMaxThinkingTokens(n int) {
	c.eng.UpdatePolicy(func(p *engine.Policy) { p.MaxThinkingTokens = n })
}

// Info is what system/init reports, from the live state.
func (c *Conversation) Info() event.Init { return c.info(c.eng.Policy()) }

// info is what system/init reports under policy p: at the start of a
// turn, the policy the turn runs under.
func (c *Conversation) info(p engine.Policy) event.Init {
	cfg := &c.s.engine
	return event.Init{SessionID: cfg.SessionID, Cwd: cfg.Cwd, Model: p.Model.ID,
		Tools: initToolNames(cfg.Tools.Names()), Agents: c.s.agents.names(), AgentTypes: c.s.agents.describe(), PermissionMode: string(c.s.gate.Mode()),
		APIKeySource: c.s.keySource, SlashCommands: withMCPCommands(c.s.slash, c.s.mcp),
		Commands: append(c.s.cmds.describe(), mcpCommands(c.s.mcp)...), Skills: c.s.cmds.set.SkillNames(), OutputStyle: c.s.style.Name,
		MCPServers: mcpStatus(c.s.mcp), Hooks: c.s.hookConfigs}
}

// MaxThinkingTokens returns the thinking budget (0: the default).
func (c *Conversation) MaxThinkingTokens() int { return c.eng.Policy().MaxThinkingTokens }

// Messages returns the conversation so far. Call it between turns.
func (c *Conversation) Messages() []provider.Message { return c.eng.Messages() }

// TranscriptPath is where the conversation's transcript is written (""
// with --no-session-persistence), as hooks are told.
func (c *Conversation) TranscriptPath() string { return c.s.transcript }

// Close runs the SessionEnd hooks (for a bounded time), stops the
// background shells (waiting a short grace), ends the sweep of old files
// and makes the transcript durable. Call it after the last Submit
// returned.
func (c *Conversation) Close() {
	c.closeOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), sessionEndBudget)
		c.eng.End(ctx, hook.EndOther)
		cancel()
		c.stop()
		c.s.close()
		c.events.Close()
	})
}
