package tui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"corvid/internal/permission"
)

// maxPermsRows is how many entries a tab shows at once; the list
// scrolls with the selection.
const maxPermsRows = 10

// tabHelp says what each tab's entries do.
var tabHelp = []string{
	"corvid runs tool calls that match these rules without asking.",
	"corvid asks before tool calls that match these rules, even when an allow rule matches too.",
	"corvid never runs tool calls that match these rules; deny beats ask and allow.",
	"corvid's tools may read and edit files in these directories and below them.",
}

func (d *permsDialog) view(m *model) string {
	w := max(m.width-2, 20)
	var body string
	switch d.stage {
	case stageList:
		body = d.listView(m, w)
	case stageDetail:
		body = d.detailView(m, w)
	case stageInput:
		body = d.inputView(m, w)
	case stageDest:
		body = d.destView(m, w)
	}
	if d.err != "" {
		body += "\n" + paint(styleErr, ansi.Wrap("✗ "+d.err, w, ""))
	}
	return box(d.tabBar(w)+"\n"+body+"\n"+styleDim.Render(d.hint()), m.width)
}

// tabBar names the tabs, the current one in brackets.
func (d *permsDialog) tabBar(w int) string {
	var b strings.Builder
	b.WriteString(styleBold.Render("Permissions") + "  ")
	for i, t := range permsTabs {
		if i == d.tab {
			b.WriteString(styleAccent.Render("["+t+"]") + " ")
		} else {
			b.WriteString(" " + t + "  ")
		}
	}
	return ansi.Truncate(b.String()+styleDim.Render(" (←/→ or tab to switch)"), w, "…")
}

func (d *permsDialog) hint() string {
	switch d.stage {
	case stageList:
		if d.filter != "" {
			return "↑/↓ select · enter open · esc clear the search"
		}
		return "↑/↓ select · enter open · type to search · esc close"
	case stageInput:
		return "enter save · esc back"
	}
	return "↑/↓ select · enter choose · esc back"
}

// listView is a tab: what its entries do, the add entry, the entries
// with where each comes from, and the last edit made.
func (d *permsDialog) listView(m *model, w int) string {
	lines := []string{"Add a new rule…"}
	if d.tab == tabWorkspace {
		lines[0] = "Add a directory…"
		for _, dir := range d.tabDirs() {
			lines = append(lines, entryLine(dirShown(dir, m.o.Cwd), dirOrigin(dir, m.o.Cwd), w))
		}
	} else {
		for _, r := range d.tabRules() {
			lines = append(lines, entryLine(r.Text, ruleOrigin(r, m.o.Cwd), w))
		}
	}
	start := max(0, d.sel-maxPermsRows+1)
	end := min(len(lines), start+maxPermsRows)
	var b strings.Builder
	b.WriteString(paint(styleDim, ansi.Wrap(tabHelp[d.tab], w, "")) + "\n\n")
	if d.filter != "" {
		b.WriteString(ansi.Truncate("⌕ "+d.filter+"█", w, "…") + "\n")
	}
	if start > 0 {
		b.WriteString(styleDim.Render("  ↑ "+itoa(start)+" more") + "\n")
	}
	for i := start; i < end; i++ {
		if i == d.sel {
			b.WriteString(styleAccent.Render("❯ "+lines[i]) + "\n")
		} else {
			b.WriteString("  " + lines[i] + "\n")
		}
	}
	if end < len(lines) {
		b.WriteString(styleDim.Render("  ↓ "+itoa(len(lines)-end)+" more") + "\n")
	}
	if len(lines) == 1 && d.filter != "" {
		b.WriteString(styleDim.Render(ansi.Truncate("  No entry holds \""+d.filter+"\"", w, "…")) + "\n")
	} else if len(lines) == 1 {
		b.WriteString(styleDim.Render("  (none)") + "\n")
	}
	if d.note != "" {
		b.WriteString(paint(styleOK, ansi.Wrap("✓ "+d.note, w, "")) + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// entryLine is an entry and its origin in two columns that fit w.
func entryLine(text, origin string, w int) string {
	col := min(max(ansi.StringWidth(text), 24), w/2)
	return ansi.Truncate(pad(ansi.Truncate(text, col, "…"), col)+"  "+origin, w-2, "…")
}

// dirShown is a directory relative to the project when inside it.
func dirShown(d permission.DirInfo, cwd string) string {
	if d.Source == permission.SourceCwd {
		return d.Path
	}
	return shownPath(cwd, d.Path)
}

// dirOrigin says where a working directory comes from.
func dirOrigin(d permission.DirInfo, cwd string) string {
	switch {
	case d.Source == permission.SourceCwd:
		return "the directory corvid started in"
	case d.Source == permission.SourceCLI:
		return "--add-dir or /add-dir (this session)"
	case d.File != "":
		return shownPath(cwd, d.File) + " (" + d.Source + ")"
	}
	return d.Source + " settings"
}

// detailView is one rule (with whether it can be deleted and why not)
// or one directory.
func (d *permsDialog) detailView(m *model, w int) string {
	var b strings.Builder
	if d.tab == tabWorkspace {
		dir := d.tabDirs()[d.sel-1]
		b.WriteString(styleBold.Render("Working directory") + "\n  " + ansi.Wrap(dir.Path, w-2, "") + "\n")
		b.WriteString(paint(styleDim, ansi.Wrap("  From "+dirOrigin(dir, m.o.Cwd)+". "+dirNote(dir), w, "")) + "\n\n")
		return b.String() + optionList(d.options(), d.opt)
	}
	r := d.current()
	title := permsTabs[d.tab] + " rule"
	if d.canDelete() {
		title = "Delete " + d.kind() + " rule?"
	}
	b.WriteString(styleBold.Render(title) + "\n  " + ansi.Wrap(r.Text, w-2, "") + "\n")
	b.WriteString(styleDim.Render("  From "+ruleOrigin(r, m.o.Cwd)) + "\n")
	if why := deletable(r); why != "" {
		b.WriteString(paint(styleWarn, ansi.Wrap("  Cannot be deleted here. "+why, w, "")) + "\n")
	} else {
		b.WriteString("\n" + paint(styleDim, ansi.Wrap("Deleting takes it out of that file; corvid stops applying it from the next tool call.", w, "")) + "\n")
	}
	return b.String() + "\n" + optionList(d.options(), d.opt)
}

// dirNote says how a directory could be taken away.
func dirNote(d permission.DirInfo) string {
	switch d.Source {
	case permission.SourceCwd:
		return "It is always a working directory."
	case permission.SourceCLI:
		return "It lasts for this session."
	}
	return "Remove it from that file's permissions.additionalDirectories to take it away."
}

// inputView asks for the new rule or directory.
func (d *permsDialog) inputView(m *model, w int) string {
	title, help := "Add "+d.kind()+" permission rule",
		"A tool name, with a specifier in parentheses to narrow it: Bash(npm run test *), Read(./src/**), "+
			"Edit(docs/**), WebFetch(domain:example.com), mcp__github."
	if d.tab == tabWorkspace {
		title, help = "Add a working directory for this session", "A directory, absolute or relative to "+m.o.Cwd+" (~/ is your home)."
	}
	in := ansi.TruncateLeft("> "+d.input, max(ansi.StringWidth(d.input)+3-w, 0), "…")
	return styleBold.Render(title) + "\n" + paint(styleDim, ansi.Wrap(help, w, "")) + "\n\n" + in + "█"
}

// destView asks which settings file takes the checked rule.
func (d *permsDialog) destView(m *model, w int) string {
	opts := d.options()
	for i, dest := range permsDests {
		if path, err := m.ruleFile(dest); err == nil {
			opts[i] += " · " + shownPath(m.o.Cwd, path)
		}
		opts[i] = ansi.Truncate(opts[i], w-3, "…")
	}
	head := "Where should the " + d.kind() + " rule " + strings.TrimSpace(d.input) + " be saved?"
	help := "local: only you, in this checkout · project: checked in, for everyone · user: you, in every project"
	return paint(styleBold, ansi.Wrap(head, w, "")) + "\n" + paint(styleDim, ansi.Wrap(help, w, "")) + "\n" +
		optionList(opts, d.opt)
}
