package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// command is one slash command.
type command struct {
	name, args, desc string
	run              func(m *model, arg string) tea.Cmd
}

// commands are the built-in commands, in the order /help lists them.
var commands []command

func init() {
	commands = []command{
		{"help", "", "Show the keys and commands", (*model).cmdHelp},
		{"clear", "", "Start a new conversation (the old one stays resumable)", (*model).cmdClear},
		{"compact", "[instructions]", "Summarise the conversation to free context", nil},
		{"cost", "", "Show the session's cost and usage", nil},
		{"context", "", "Show how the context window is used", (*model).cmdContext},
		{"agents", "", "List the agent types the Agent tool can launch", (*model).cmdAgents},
		{"model", "[name]", "Show or set the model (opus, sonnet, haiku or a full name)", (*model).cmdModel},
		{"resume", "[n]", "Resume an earlier conversation of this folder", (*model).cmdResume},
		{"rewind", "", "Go back to before an earlier prompt (conversation and code)", (*model).cmdRewind},
		{"status", "", "Show the session, model, mode and working directory", (*model).cmdStatus},
		{"hooks", "", "List the configured hooks and the files they come from", (*model).cmdHooks},
		{"permissions", "", "View and edit the permission rules and working directories (or: list, add, remove)", (*model).cmdPermissions},
		{"memory", "[n]", "List the instruction files; open one in $EDITOR", (*model).cmdMemory},
		{"init", "[scan] [append]", "Have corvid write or improve CLAUDE.md (scan: from a local scan only)", (*model).cmdInit},
		{"export", "[file|clipboard]", "Save the conversation as text to a file or the clipboard", (*model).cmdExport},
		{"add-dir", "<path>", "Add a working directory for this session", (*model).cmdAddDir},
		{"config", "", "Show the settings in effect and the layer each comes from", (*model).cmdConfig},
		{"doctor", "", "Check the installation, credentials, settings and instruction files", (*model).cmdDoctor},
		{"vim", "", "Toggle vim editing (normal and insert modes)", (*model).cmdVim},
		{"tasks", "", "Show background shells and agents; stop one", (*model).cmdTasks},
		{"bashes", "", "Same as /tasks", (*model).cmdTasks},
		{"exit", "", "Exit corvid", func(m *model, _ string) tea.Cmd { return m.quit() }},
	}
}

func isSlash(s string) bool {
	return strings.HasPrefix(s, "/") && len(s) > 1 && s[1] != '/' && s[1] != ' '
}

// command runs a slash command line.
func (m *model) command(line string) tea.Cmd {
	name, arg, _ := strings.Cut(strings.TrimPrefix(line, "/"), " ")
	arg = strings.TrimSpace(arg)
	if m.holdUntilOpen(name, arg, line) {
		return nil
	}
	if m.busy && waitsForTurn(name, arg) { // queuecmd.go
		m.queue = append(m.queue, line)
		return nil
	}
	for _, c := range commands {
		if c.name == name && c.run == nil { // the conversation runs it
			return m.submit(line)
		}
		if c.name == name {
			return tea.Sequence(m.println(m.userLine(line)), c.run(m, arg))
		}
	}
	if m.conv != nil && (m.isCustom(name) || !commandName(name)) {
		return m.submit(line) // a custom command or skill the conversation knows, or a path such as /tmp/x
	}
	return m.unknownCommand(name) // unknown.go
}

func (m *model) cmdHelp(string) tea.Cmd {
	var b strings.Builder
	b.WriteString(styleBold.Render("Keys") + "\n")
	for _, k := range keyHelp { // shortcuts.go
		b.WriteString(twoColumns(k.key, k.desc, m.width) + "\n")
	}
	b.WriteString(styleBold.Render("Commands") + "\n")
	for _, c := range commands {
		b.WriteString(twoColumns("/"+strings.TrimSpace(c.name+" "+c.args), c.desc, m.width) + "\n")
	}
	if len(m.custom) > 0 {
		b.WriteString(styleBold.Render("Custom commands and skills") + "\n")
	}
	for _, c := range m.custom {
		b.WriteString(twoColumns("/"+strings.TrimSpace(c.name+" "+c.args), c.desc, m.width) + "\n")
	}
	return m.println(strings.TrimRight(b.String(), "\n"))
}

func (m *model) cmdStatus(string) tea.Cmd {
	if m.conv == nil {
		return nil
	}
	info := m.conv.Info()
	return m.println(fmt.Sprintf("  Session  %s\n  Model    %s\n  Mode     %s\n  Cwd      %s\n  Tools    %d",
		info.SessionID, info.Model, m.mode, info.Cwd, len(info.Tools)))
}

func (m *model) cmdModel(arg string) tea.Cmd {
	if m.conv == nil {
		return nil
	}
	if arg == "" {
		m.dialog = &modelDialog{} // modelpick.go
		return nil
	}
	if m.busy {
		return m.println(m.errorLine("Wait for the turn to end (or press esc) before changing the model"))
	}
	if err := m.conv.SetModel(arg); err != nil {
		return m.println(m.errorLine(err.Error()))
	}
	m.modelName = m.conv.Info().Model
	return m.println(styleDim.Render("  ⎿ Model set to " + m.modelName))
}

// cmdClear starts a new conversation.
func (m *model) cmdClear(string) tea.Cmd { return m.reopen("-") }

// reopen closes the conversation and opens another (new or resumed).
func (m *model) reopen(resume string) tea.Cmd {
	if m.busy {
		return m.println(m.errorLine("Wait for the turn to end (or press esc) first"))
	}
	m.costUSD, m.ctxTokens = 0, 0
	m.fallback = m.sessionID() // reopenfail.go: where to go back to if the other will not open
	old := m.conv
	m.conv = nil
	if old == nil {
		return m.open(resume)
	}
	// Close publishes (the ends of the background tasks it stops), so it
	// must not run on the program's goroutine, which takes the events;
	// Run waits for it as for a turn.
	closed := make(chan struct{})
	m.turns.Add(1)
	go func() {
		defer m.turns.Done()
		defer close(closed)
		old.Close()
	}()
	open := m.open(resume)
	return func() tea.Msg { <-closed; return open() }
}

// menu is the completion list under the input while a command is typed.
type menu struct {
	items []command
	sel   int
	// mention: the items are files for an @word (mention.go).
	mention bool
}

// updateMenu shows the commands that match what is typed after "/".
func (m *model) updateMenu() {
	v := m.input.Value()
	if !strings.HasPrefix(v, "/") || strings.ContainsAny(v, " \n") {
		m.menu = nil
		m.updateMentions()
		return
	}
	var items []command
	for _, c := range append(commands[:len(commands):len(commands)], m.custom...) {
		if strings.HasPrefix(c.name, v[1:]) {
			items = append(items, c)
		}
	}
	if len(items) == 0 {
		m.menu = nil
		return
	}
	m.menu = &menu{items: items}
}

// menuKey moves in the menu and completes with tab (or enter on a
// partial name).
func (m *model) menuKey(s string) (tea.Cmd, bool) {
	mu := m.menu
	switch s {
	case "up":
		mu.sel = (mu.sel + len(mu.items) - 1) % len(mu.items)
	case "down":
		mu.sel = (mu.sel + 1) % len(mu.items)
	case "tab":
		if mu.mention {
			m.completeMention(mu.items[mu.sel].name)
			return nil, true
		}
		m.setInput("/" + mu.items[mu.sel].name + " ")
	case "enter":
		if mu.mention {
			m.completeMention(mu.items[mu.sel].name)
			return nil, true
		}
		if c := mu.items[mu.sel]; m.input.Value() != "/"+c.name {
			m.setInput("/" + c.name)
		}
		return nil, false
	case "esc":
		m.menu = nil
	default:
		return nil, false
	}
	return nil, true
}

func (m *model) menuView() string {
	var lines []string
	for i, c := range m.menu.items {
		if m.menu.mention {
			line := "  @" + c.name
			if i == m.menu.sel {
				line = styleAccent.Render("❯ @" + c.name)
			}
			lines = append(lines, ansi.Truncate(line, m.width, "…"))
			continue
		}
		name := fmt.Sprintf("  /%-12s", c.name)
		line := name + " " + styleDim.Render(ansi.Truncate(c.desc, max(m.width-18, 10), "…"))
		if i == m.menu.sel {
			line = styleAccent.Render(fmt.Sprintf("❯ /%-12s", c.name)) + " " + c.desc
		}
		lines = append(lines, ansi.Truncate(line, m.width, ""))
	}
	return strings.Join(lines, "\n")
}

// twoColumns lays out a term and its description, wrapping the
// description under itself to fit width.
func twoColumns(term, desc string, width int) string {
	const col = 28
	wrapped := ansi.Wrap(desc, max(width-col-1, 16), "")
	pad := strings.Repeat(" ", col)
	return fmt.Sprintf("  %-*s", col-2, term) + strings.ReplaceAll(wrapped, "\n", "\n"+pad)
}
