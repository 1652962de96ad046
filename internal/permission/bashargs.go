package permission

import (
	"corvid/internal/shell"
)

// pathArg is one path a command uses.
type pathArg struct {
	word shell.Word
	acc  access
}

// knowsPaths reports whether the command table knows the command's
// paths (shell.Command.OperandPaths).
func knowsPaths(cmd shell.Command) bool {
	_, ok := cmd.OperandPaths()
	return ok
}

// pathArgs returns the paths a command reads or writes, as far as the
// command table knows the command.
func pathArgs(cmd shell.Command) []pathArg {
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
