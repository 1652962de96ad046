package app

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"corvid/internal/command"
	"corvid/internal/config"
	"corvid/internal/event"
	"corvid/internal/model"
	"corvid/internal/provider"
	"corvid/internal/tool"
	"corvid/internal/tools/skill"
)

// withCommands adds the custom commands and skills to a run being
// configured: the Skill tool (when some definition is the model's to
// load) joins the built-in tools, and the init event lists the names.
func withCommands(opts Options, env environment, settings *config.Settings, s *setup, builtin []tool.Tool) []tool.Tool {
	noShell, _ := rawSetting[bool](settings, "disableSkillShellExecution")
	set, load := loadCommands(opts, env)
	s.cmds = &commands{set: set, load: load, gate: s.gate, noShell: noShell, seen: map[string]bool{},
		warn: func(f string, a ...any) { warnf(opts, f, a...) }}
	s.slash = slices.Clone(slashCommands)
	for _, name := range s.cmds.set.UserNames() {
		if slices.Contains(slashCommands, name) {
			warnf(opts, "warning: commands: /%s is a built-in command; the custom one is not used\n", name)
			continue
		}
		s.slash = append(s.slash, name)
	}
	if len(s.cmds.set.ModelInvocable()) == 0 {
		return builtin
	}
	return append(builtin, skill.New(s.cmds))
}

// openCommands gives the commands the session's facts once it is open:
// the environment their shell commands run in, the listing of skills in
// the opening reminders, and the engine's way to the skills' texts.
func (s *setup) openCommands() {
	cfg := &s.engine
	s.cmds.tools = cfg.Tools
	s.cmds.env = tool.Env{WorkDir: cfg.Cwd, ProjectDir: cfg.Cwd, Dirs: cfg.Dirs,
		SessionID: cfg.SessionID, SessionDir: cfg.SessionDir}
	if _, ok := cfg.Tools.Lookup(skill.Name); ok {
		s.cmds.skills = true
		if l := s.cmds.set.Listing(command.DefaultListingBudget); l != "" {
			cfg.Opening = append(cfg.Opening, reminder(l))
		}
	}
	cfg.Attachments = s.cmds.attachments
	cfg.Reminders = reminders(cfg.Reminders, s.cmds.drainNotes)
}

// turn is a prompt ready for the engine: its blocks and, for a command
// that names one, the model for this turn.
type turn struct {
	blocks []provider.Block
	model  model.Info
	// mentioned is set when the turn's @server:uri mentions are attached.
	mentioned bool
}

// customTurn expands a prompt that is a custom command or skill (/name
// args). A prompt naming no known command goes as typed, with a note
// that nothing ran; declined is set when the expansion was refused.
func (c *Conversation) customTurn(ctx context.Context, prompt []provider.Block) (t turn, declined *event.Result) {
	t.blocks = prompt
	if len(prompt) != 1 || prompt[0].Type != provider.BlockText {
		return t, nil
	}
	name, args, ok := customSlash(prompt[0].Text)
	if !ok {
		return t, nil
	}
	def, found := c.s.cmds.Lookup(name)
	if !found {
		if mt, declined, ok := c.mcpPromptTurn(ctx, name, args); ok {
			return mt, declined
		}
	}
	if !found || !def.UserInvocable {
		note := provider.TextBlock(reminder(unknownCommand(name, withMCPCommands(c.s.cmds.set.UserNames(), c.s.mcp))))
		t.blocks = []provider.Block{note, prompt[0]}
		return t, nil
	}
	body, err := c.s.cmds.prepare(ctx, def, args)
	if err != nil {
		res := c.eng.Decline(ctx, "command_failed", err.Error())
		return t, &res
	}
	c.s.cmds.markLoaded(def.Name)
	// The @server:uri mentions of the body and the arguments, each once.
	mcpText := provider.TextBlock(body + "\n" + args)
	t.blocks = append(c.s.cmds.mentions(ctx, body), c.mcpResources(ctx, []provider.Block{mcpText})...)
	t.blocks, t.mentioned = append(t.blocks, command.Turn(def.Name, args, body)...), true
	if def.Model != "" {
		if m := c.s.resolve(def.Model); m.ID != "" {
			t.model = m
		} else {
			warnf(c.opts, "warning: %s: unknown model %q (the session's model is used)\n", def.Path, def.Model)
		}
	}
	return t, nil
}

// customSlash splits "/name args" when name can be a command's.
func customSlash(text string) (name, args string, ok bool) {
	text = strings.TrimSpace(text)
	rest, ok := strings.CutPrefix(text, "/")
	if !ok {
		return "", "", false
	}
	name, args, _ = strings.Cut(rest, " ")
	if i := strings.IndexAny(name, "\t\n"); i >= 0 {
		name, args = name[:i], rest[i+1:]
	}
	return name, strings.TrimSpace(args), command.ValidName(name)
}

// unknownCommand tells the model that the /name the prompt starts with
// did not run.
func unknownCommand(name string, known []string) string {
	list := "none"
	if len(known) > 0 {
		shown := known[:min(len(known), 20)]
		list = "/" + strings.Join(shown, ", /")
		if len(known) > len(shown) {
			list += fmt.Sprintf(" and %d more", len(known)-len(shown))
		}
	}
	return fmt.Sprintf("The user's message starts with /%s, but no command or skill of that name exists in this "+
		"session, so nothing ran. Custom commands available: %s. Treat the message as an ordinary request; "+
		"do not say the command ran, and if the task needs it, tell the user it is not installed here.", name, list)
}
