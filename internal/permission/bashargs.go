package permission

import (
	"corvid/internal/shell"
)

// pathArg is one path a command uses.
type pathArg struct {
	word shell.Word
	acc  access
}

// knowsPaths reports whether pathArgs knows the command's arguments:
// the command table (shell.Command.OperandPaths) knows most; find, sed,
// dd and git have forms of their own.
func knowsPaths(cmd shell.Command) bool {
	switch name := cmd.Name.Text; name {
	case "find", "sed", "dd", "git":
		return true
	}
	_, ok := cmd.OperandPaths()
	return ok
}

// pathArgs returns the paths a command reads or writes, as far as the
// command table knows the command.
func pathArgs(cmd shell.Command) []pathArg {
	switch name := cmd.Name.Text; name {
	case "find":
		return findPaths(cmd.Args)
	case "sed":
		return sedPaths(cmd.Args)
	case "dd":
		return ddPaths(cmd.Args)
	case "git":
		return gitPaths(cmd.Args)
	}
	ops, _ := cmd.OperandPaths()
	out := make([]pathArg, 0, len(ops))
	for _, p := range ops {
		acc := accessRead
		if p.Use == shell.FileWrite {
			acc = accessWrite
		}
		out = append(out, pathArg{word: p.Word, acc: acc})
	}
	return out
}
