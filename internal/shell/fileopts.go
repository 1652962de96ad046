package shell

import (
	"strings"
)

// FileUse is how a command uses the file an option names.
type FileUse int

const (
	// FileRead: the command reads the file.
	FileRead FileUse = iota + 1
	// FileWrite: the command writes the file (or into the directory).
	FileWrite
	// FileList: the command reads the names of further files from it;
	// those names cannot be checked before it runs.
	FileList
	// FileSuffix: the value is appended to a file name to make a backup
	// name; with a '/' it can name a file anywhere.
	FileSuffix
)

// FileArg is an option value that names a file.
type FileArg struct {
	Option string
	Value  Word
	Use    FileUse
}

// OptionFiles returns the values of the command's options that name
// files, as its table entry lists them: `-o FILE`, `-oFILE`,
// `--output FILE`, `--output=FILE` and, for find, `-fprint FILE`; for
// git, those of the subcommand too. A value is taken whatever
// characters it holds.
func (c Command) OptionFiles() []FileArg {
	if !c.Name.Static() {
		return nil
	}
	switch c.Name.Text {
	case "find":
		return findFiles(c.Args)
	case "git":
		a := lookupSpec("git").Parse(c.Args)
		if len(a.Operands) > 0 {
			files := append(a.Files, gitSubFiles().Parse(a.Operands[1:]).Files...)
			if s := gitSubSpec(a.Operands[0].Text); s != nil {
				files = append(files, s.Parse(a.Operands[1:]).Files...)
			}
			return files
		}
		return a.Files
	}
	s := lookupSpec(c.Name.Text)
	if s == nil || !s.hasFiles {
		return nil
	}
	return s.Parse(c.Args).Files
}

// findOptions are find's expression options whose value names a file.
var findOptions = map[string]FileUse{"-fprint": FileWrite, "-fprint0": FileWrite, "-fprintf": FileWrite,
	"-fls": FileWrite, "-files0-from": FileList}

// findFiles reads find's expression, whose options are single-dash words.
func findFiles(args []Word) []FileArg {
	var out []FileArg
	for i := 0; i < len(args); i++ {
		name, value, has := strings.Cut(args[i].Text, "=")
		use, ok := findOptions[name]
		switch {
		case !ok:
		case has:
			out = append(out, FileArg{name, Word{Text: value, Dynamic: args[i].Dynamic, Glob: args[i].Glob}, use})
		case i+1 < len(args):
			i++
			out = append(out, FileArg{name, args[i], use})
		}
	}
	return out
}

// FileOptionHazard returns why the command's file-naming options make
// it unsafe to approve without asking, or "": a list of file names read
// from a file, or a backup suffix that leaves the directory.
func (c Command) FileOptionHazard() string {
	if c.Name.Text == "sed" {
		return sedSuffix(c.Args)
	}
	for _, f := range c.OptionFiles() {
		switch {
		case f.Use == FileList:
			return c.Name.Text + " " + f.Option + " " + f.Value.Text + " reads the names of the files to use from a file, which cannot be checked"
		case f.Use == FileSuffix && (!f.Value.Static() || strings.ContainsAny(f.Value.Text, "/*")):
			return c.Name.Text + " " + f.Option + " " + f.Value.Text + " makes a backup name that may leave the directory"
		}
	}
	return ""
}

// writesOptionFile reports whether an option makes the command write a
// file.
func (c Command) writesOptionFile() bool {
	for _, f := range c.OptionFiles() {
		if f.Use != FileRead {
			return true
		}
	}
	return false
}

// sedSuffix refuses an in-place backup suffix with a '/': with a '*'
// in it, GNU sed makes the backup name from it as a path
// (`--in-place='../../x/*'`).
func sedSuffix(args []Word) string {
	for _, a := range args {
		t := a.Text
		if t == "--" {
			break
		}
		suffix, long := strings.CutPrefix(t, "--in-place=")
		switch {
		case long:
		case len(t) > 1 && t[0] == '-' && t[1] != '-':
			_, suffix, _ = strings.Cut(t, "i")
		default:
			suffix = ""
		}
		if (!a.Static() && strings.HasPrefix(t, "-")) || strings.Contains(suffix, "/") {
			return "sed " + t + " makes a backup name that may leave the directory"
		}
	}
	return ""
}
