package tui

import (
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// key moves, switches tabs, types and answers; esc backs out a level.
func (d *permsDialog) key(m *model, k tea.KeyPressMsg) tea.Cmd {
	s := k.String()
	if s == "ctrl+c" {
		return m.closePerms()
	}
	if s == "esc" {
		return d.back(m)
	}
	if s == "enter" {
		return d.enter(m)
	}
	switch d.stage {
	case stageList:
		d.listKey(k)
	case stageInput:
		d.inputKey(k)
	default:
		n := len(d.options())
		switch s {
		case "up", "ctrl+p", "shift+tab":
			d.opt = (d.opt + n - 1) % n
		case "down", "ctrl+n", "tab":
			d.opt = (d.opt + 1) % n
		default:
			if len(s) == 1 && s[0] >= '1' && int(s[0]-'0') <= n {
				d.opt = int(s[0] - '1')
				return d.enter(m)
			}
		}
	}
	return nil
}

// listKey switches tabs and moves; what is typed filters the lists.
func (d *permsDialog) listKey(k tea.KeyPressMsg) {
	n := d.count()
	switch k.String() {
	case "tab", "right":
		d.tab, d.sel, d.err = (d.tab+1)%len(permsTabs), 0, ""
	case "shift+tab", "left":
		d.tab, d.sel, d.err = (d.tab+len(permsTabs)-1)%len(permsTabs), 0, ""
	case "up", "ctrl+p":
		d.sel = (d.sel + n - 1) % n
	case "down", "ctrl+n":
		d.sel = (d.sel + 1) % n
	case "backspace", "ctrl+h":
		_, size := utf8.DecodeLastRuneInString(d.filter)
		d.filter, d.sel = d.filter[:len(d.filter)-size], 0
	default:
		if k.Text != "" && k.Mod&^tea.ModShift == 0 && len(d.filter) < maxRuleInput {
			d.filter, d.sel = d.filter+k.Text, 0
		}
	}
}

// inputKey edits the one-line input: characters, backspace, ctrl+u.
func (d *permsDialog) inputKey(k tea.KeyPressMsg) {
	switch k.String() {
	case "backspace", "ctrl+h":
		if _, size := utf8.DecodeLastRuneInString(d.input); size > 0 {
			d.input = d.input[:len(d.input)-size]
		}
	case "ctrl+u":
		d.input = ""
	default:
		if k.Text != "" && k.Mod&^tea.ModShift == 0 {
			d.insert(k.Text)
		}
	}
}

// paste adds pasted text to the input, as one line.
func (d *permsDialog) paste(text string) {
	if d.stage == stageInput {
		d.insert(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ", "\t", " ").Replace(text))
	}
}

// insert adds text to the input, within maxRuleInput.
func (d *permsDialog) insert(text string) {
	if len(d.input)+len(text) > maxRuleInput {
		d.err = "The input is too long"
		return
	}
	d.input += text
	d.err = ""
}

// back leaves the current level: the list closes the dialog.
func (d *permsDialog) back(m *model) tea.Cmd {
	d.err, d.opt = "", 0
	switch d.stage {
	case stageList:
		if d.filter != "" { // first esc clears the search
			d.filter, d.sel = "", 0
			return nil
		}
		return m.closePerms()
	case stageDest:
		d.stage = stageInput
	default:
		d.stage = stageList
	}
	return nil
}

// enter opens the selected entry or takes the selected option.
func (d *permsDialog) enter(m *model) tea.Cmd {
	switch d.stage {
	case stageList:
		d.err, d.opt = "", 0
		if d.sel == 0 {
			d.stage, d.input = stageInput, ""
		} else if d.stage = stageDetail; d.canDelete() {
			d.opt = 1 // "No, cancel" until the user moves to "Yes"
		}
	case stageDetail:
		if d.canDelete() && d.opt == 0 {
			return d.deleteRule(m)
		}
		d.stage, d.opt = stageList, 0
	case stageInput:
		if d.tab == tabWorkspace {
			return d.addDir(m)
		}
		return d.checkRule(m)
	case stageDest:
		return d.saveRule(m)
	}
	return nil
}
