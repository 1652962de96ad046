package shell

import (
	"slices"
	"strings"
)

// The path forms of the commands whose arguments are a language of
// their own: find's expression, dd's operands, git's subcommands, sed's
// scripts. Their table entries point here.

// findPaths returns find's starting points: the operands before the
// expression (after -H, -L, -P, -O and -D options); none means ".".
func findPaths(args []Word) []PathArg {
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
	var out []PathArg
	for ; i < len(args); i++ {
		t := args[i].Text
		if args[i].Static() && (strings.HasPrefix(t, "-") || t == "(" || t == "!" || t == ",") {
			break
		}
		out = append(out, PathArg{Word: args[i], Use: FileRead})
	}
	if len(out) == 0 {
		out = append(out, PathArg{Word: Word{Text: "."}, Use: FileRead})
	}
	return out
}

// ddPaths returns dd's if= (read) and of= (write) files.
func ddPaths(args []Word) []PathArg {
	var out []PathArg
	for _, a := range args {
		if v, ok := strings.CutPrefix(a.Text, "if="); ok {
			out = append(out, PathArg{Word: Word{Text: v, Dynamic: a.Dynamic, Glob: a.Glob}, Use: FileRead})
		}
		if v, ok := strings.CutPrefix(a.Text, "of="); ok {
			out = append(out, PathArg{Word: Word{Text: v, Dynamic: a.Dynamic, Glob: a.Glob}, Use: FileWrite})
		}
	}
	return out
}

// gitPaths returns the files git reads outside the repository's object
// store: every operand with --no-index (diff and grep compare or search
// any files then), every operand of git diff, and the file of
// `git config --file`.
func gitPaths(args []Word) []PathArg {
	var out []PathArg
	top := lookupSpec("git").Parse(args)
	for _, o := range top.Opts {
		if o.Name == "-C" {
			out = append(out, PathArg{Word: o.Value, Use: FileRead})
		}
	}
	if len(top.Operands) == 0 {
		return out
	}
	rest := top.Operands[1:] // after the subcommand
	noIndex := false
	for i, a := range rest {
		switch {
		case a.Text == "--no-index":
			noIndex = true
		case (a.Text == "--file" || a.Text == "-f") && i+1 < len(rest):
			out = append(out, PathArg{Word: rest[i+1], Use: FileRead})
		case strings.HasPrefix(a.Text, "--file="):
			out = append(out, PathArg{Word: Word{Text: a.Text[7:], Dynamic: a.Dynamic}, Use: FileRead})
		}
	}
	// git diff compares files outside the repository on its own (it
	// switches to --no-index when a path is outside): its operands are
	// checked as paths too; a revision resolves inside and passes.
	ops := Operands(top.Operands)
	if !noIndex && !slices.ContainsFunc(ops, func(w Word) bool { return w.Static() && w.Text == "diff" }) {
		return out
	}
	for _, w := range ops[1:] {
		out = append(out, PathArg{Word: w, Use: FileRead})
	}
	return out
}

// sedPaths returns sed's files: written with -i, read otherwise (an
// unknown option makes them written too).
func sedPaths(args []Word) []PathArg {
	files, writes := SedFiles(args)
	use := FileRead
	if writes {
		use = FileWrite
	}
	out := make([]PathArg, len(files))
	for i, f := range files {
		out[i] = PathArg{Word: f, Use: use}
	}
	return out
}

// Operands returns the arguments that are not options (all of them
// after "--"), for commands read without their table entry's options.
func Operands(args []Word) []Word {
	var out []Word
	for i, a := range args {
		if a.Static() && a.Text == "--" {
			return append(out, args[i+1:]...)
		}
		if a.Static() && len(a.Text) > 1 && a.Text[0] == '-' {
			continue
		}
		out = append(out, a)
	}
	return out
}
