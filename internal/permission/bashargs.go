package permission

import (
	"corvid/internal/shell"
)

// pathArg is one path a command uses.
type pathArg struct {
	word shell.Word
	acc  access
}

// pathArgs returns the paths a command reads or writes, and whether
// the command table knows the command's paths
// (shell.Command.OperandPaths).
func pathArgs(cmd shell.Command) ([]pathArg, bool) {
	ops, ok := cmd.OperandPaths()
	if !ok {
		return nil, false
	}
	out := make([]pathArg, 0, len(ops))
	for _, p := range ops {
		acc := accessRead
		if p.Use == shell.FileWrite {
			acc = accessWrite
		}
		out = append(out, pathArg{word: p.Word, acc: acc})
	}
	return out, true
}
