package permission

import (
	"slices"
	"strings"

	"corvid/internal/shell"
)

// findPaths returns find's starting points: the operands before the
// expression (after -H, -L, -P, -O and -D options); none means ".".
func findPaths(args []shell.Word) []pathArg {
	i := 0
	for i < len(args) && args[i].Static() {
		t := args[i].Text
		if t == "-H" || t == "-L" || t == "-P" || strings.HasPrefix(t, "-O") {
			i++
			continue
		}
		if t == "-D" {
			i += 2
			continue
		}
		break
	}
	var out []pathArg
	for ; i < len(args); i++ {
		t := args[i].Text
		if args[i].Static() && (strings.HasPrefix(t, "-") || t == "(" || t == "!" || t == ",") {
			break
		}
		out = append(out, pathArg{word: args[i], acc: accessRead})
	}
	if len(out) == 0 {
		out = append(out, pathArg{word: shell.Word{Text: "."}, acc: accessRead})
	}
	return out
}

// ddPaths returns dd's if= (read) and of= (write) files.
func ddPaths(args []shell.Word) []pathArg {
	var out []pathArg
	for _, a := range args {
		if v, ok := strings.CutPrefix(a.Text, "if="); ok {
			out = append(out, pathArg{word: shell.Word{Text: v, Dynamic: a.Dynamic, Glob: a.Glob}, acc: accessRead})
		}
		if v, ok := strings.CutPrefix(a.Text, "of="); ok {
			out = append(out, pathArg{word: shell.Word{Text: v, Dynamic: a.Dynamic, Glob: a.Glob}, acc: accessWrite})
		}
	}
	return out
}

// gitPaths returns the files git reads outside the repository's object
// store: every operand with --no-index (diff and grep compare or search
// any files then), every operand of git diff, and the file of
// `git config --file`.
func gitPaths(args []shell.Word) []pathArg {
	var out []pathArg
	for _, d := range (shell.Command{Name: shell.Word{Text: "git"}, Args: args}).GitDirs() {
		out = append(out, pathArg{word: d, acc: accessRead})
	}
	noIndex := false
	for i, a := range args {
		switch {
		case a.Text == "--no-index":
			noIndex = true
		case (a.Text == "--file" || a.Text == "-f") && i+1 < len(args):
			out = append(out, pathArg{word: args[i+1], acc: accessRead})
		case strings.HasPrefix(a.Text, "--file="):
			out = append(out, pathArg{word: shell.Word{Text: a.Text[7:], Dynamic: a.Dynamic}, acc: accessRead})
		}
	}
	ops := operands(args)
	// git diff compares files outside the repository on its own (it
	// switches to --no-index when a path is outside): its operands are
	// checked as paths too; a revision resolves inside and passes.
	diff := slices.IndexFunc(ops, func(w shell.Word) bool { return w.Text == "diff" })
	if !noIndex && diff < 0 {
		return out
	}
	if len(ops) > 0 {
		ops = ops[1:] // the subcommand
	}
	for _, w := range ops {
		out = append(out, pathArg{word: w, acc: accessRead})
	}
	return out
}

// sedPaths returns sed's files: written with -i, read otherwise (an
// unknown option makes them written too).
func sedPaths(args []shell.Word) []pathArg {
	files, writes := shell.SedFiles(args)
	acc := accessRead
	if writes {
		acc = accessWrite
	}
	out := make([]pathArg, len(files))
	for i, f := range files {
		out[i] = pathArg{word: f, acc: acc}
	}
	return out
}
