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
// files: `-o FILE`, `-oFILE`, `--output FILE`, `--output=FILE` and, for
// find, `-fprint FILE`. Options are read up to `--`; a value is taken
// whatever characters it holds.
func (c Command) OptionFiles() []FileArg {
	opts, ok := fileOptions[c.Name.Text]
	if !ok || !c.Name.Static() {
		return nil
	}
	var out []FileArg
	args := c.Args
	for i := 0; i < len(args); i++ {
		a := args[i].Text
		next := func() (Word, bool) {
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			return Word{}, false
		}
		switch {
		case a == "--":
			return out
		case strings.HasPrefix(a, "--") || (c.Name.Text == "find" && strings.HasPrefix(a, "-")):
			name, value, has := strings.Cut(a, "=")
			use, ok := opts[name]
			switch {
			case !ok:
			case has:
				out = append(out, FileArg{name, Word{Text: value, Dynamic: args[i].Dynamic, Glob: args[i].Glob}, use})
			default:
				if w, ok := next(); ok {
					out = append(out, FileArg{name, w, use})
				}
			}
		case len(a) > 1 && a[0] == '-':
			out = append(out, shortFiles(args[i], opts, next)...)
		}
	}
	return out
}

// shortFiles reads a cluster of short options: the first letter that
// names a file takes the rest of the cluster, or the next word, as its
// value.
func shortFiles(w Word, opts map[string]FileUse, next func() (Word, bool)) []FileArg {
	a := w.Text
	for j := 1; j < len(a); j++ {
		name := "-" + a[j:j+1]
		use, ok := opts[name]
		if !ok {
			continue
		}
		if rest := a[j+1:]; rest != "" {
			return []FileArg{{name, Word{Text: rest, Dynamic: w.Dynamic, Glob: w.Glob}, use}}
		}
		if v, ok := next(); ok {
			return []FileArg{{name, v, use}}
		}
		return nil
	}
	return nil
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
