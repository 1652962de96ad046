package permission

import "corvid/internal/shell"

// optionVerdicts checks the files that a command's options name (the
// table in shell.OptionFiles), whatever characters the value holds: a
// read or a write of that path. A list of file names read from a file,
// or a backup suffix that may leave the directory, always asks.
func (l *bashLine) optionVerdicts(cmd shell.Command) []verdict {
	var out []verdict
	if why := cmd.FileOptionHazard(); why != "" {
		v := askV(askMode, "Bash subcommand `"+capText(collapseSpace(cmd.Source), 300)+"`: "+why+"; it needs approval")
		v.writes = true
		out = append(out, v)
	}
	for _, f := range cmd.OptionFiles() {
		switch f.Use {
		case shell.FileRead, shell.FileList:
			out = append(out, l.checkWord(f.Value, accessRead)...)
		case shell.FileWrite:
			out = append(out, l.checkWord(f.Value, accessWrite)...)
		}
	}
	return out
}
