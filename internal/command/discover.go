package command

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxFiles caps the definitions one directory may add; maxEntries the
// entries a walk of a commands directory visits.
const (
	maxFiles   = 500
	maxEntries = 5000
)

// Options say where to look.
type Options struct {
	// Cwd is the working directory: project definitions are searched from
	// it up to its repository's root (only Cwd outside a repository).
	Cwd string
	// UserDir is corvid's user directory (~/.corvid); "" skips it.
	UserDir string
	// SkipProject skips the project's definitions (--setting-sources
	// without project).
	SkipProject bool
	// ProjectTrusted lets repository definitions grant their
	// allowed-tools; user definitions always may.
	ProjectTrusted bool
}

// Load finds every definition. Files that cannot be loaded are returned
// as *FileError and skipped. Precedence on a name: the user's over the
// project's, a skill over a command, the nearer directory over its
// parents.
func Load(o Options) (*Set, []error) {
	var found []*Command
	var problems []error
	add := func(cs []*Command, errs []error) {
		found, problems = append(found, cs...), append(problems, errs...)
	}
	if o.UserDir != "" {
		user := source{scope: ScopeUser, granted: true}
		add(user.skills(filepath.Join(o.UserDir, "skills")))
		add(user.commands(filepath.Join(o.UserDir, "commands")))
	}
	if !o.SkipProject && o.Cwd != "" {
		dirs := ProjectDirs(o.Cwd)
		proj := source{scope: ScopeProject, granted: o.ProjectTrusted, confine: dirs[len(dirs)-1]}
		for _, d := range dirs {
			add(proj.skills(filepath.Join(d, ".claude", "skills")))
		}
		for _, d := range dirs {
			add(proj.commands(filepath.Join(d, ".claude", "commands")))
		}
	}
	return newSet(found), problems
}

// LoadNested reads the skills of dir/.claude/skills, a directory below
// the working directory found when a tool touched a file there. Their
// names carry dir's path from cwd as a prefix ("apps/web:deploy"), as
// Claude Code lists directory-scoped skills. The same trust and
// confinement as Load's apply.
func LoadNested(o Options, dir string) ([]*Command, []error) {
	rel, err := filepath.Rel(o.Cwd, dir)
	if o.SkipProject || err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return nil, nil
	}
	dirs := ProjectDirs(o.Cwd)
	src := source{scope: ScopeProject, granted: o.ProjectTrusted, confine: dirs[len(dirs)-1]}
	found, problems := src.skills(filepath.Join(dir, ".claude", "skills"))
	for _, c := range found {
		c.Name = filepath.ToSlash(rel) + ":" + c.Name
	}
	return found, problems
}

// source is where definitions come from.
type source struct {
	scope   Scope
	granted bool
	// confine, when set, is the directory a definition file must resolve
	// into (a repository's link to ~/.ssh/id_rsa is not a command).
	confine string
}

// ProjectDirs lists cwd and its parents up to the repository root,
// nearest first; only cwd when it is not inside a repository.
func ProjectDirs(cwd string) []string {
	var chain []string
	for d := filepath.Clean(cwd); ; d = filepath.Dir(d) {
		chain = append(chain, d)
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return chain
		}
		if filepath.Dir(d) == d {
			return chain[:1]
		}
	}
}

// loadCommands reads root/**/*.md; a file in a subdirectory is named
// "sub:name".
func (src source) commands(root string) ([]*Command, []error) {
	if ok, err := src.rootOK(root); !ok {
		return nil, err
	}
	var out []*Command
	var problems []error
	n := 0
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if n++; n > maxEntries {
			return filepath.SkipAll
		}
		if err != nil || d.IsDir() || !strings.HasSuffix(d.Name(), ".md") {
			return nil
		}
		if len(out)+len(problems) >= maxFiles {
			return filepath.SkipAll
		}
		rel, _ := filepath.Rel(root, p)
		name := strings.ReplaceAll(strings.TrimSuffix(filepath.ToSlash(rel), ".md"), "/", ":")
		c, err := src.read(name, p, KindCommand, d.Type()&fs.ModeSymlink != 0)
		if err != nil {
			problems = append(problems, err)
			return nil
		}
		c.Granted = src.granted
		out = append(out, c)
		return nil
	})
	return out, problems
}

// loadSkills reads root/<name>/SKILL.md.
func (src source) skills(root string) ([]*Command, []error) {
	if ok, err := src.rootOK(root); !ok {
		return nil, err
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, nil
	}
	var out []*Command
	var problems []error
	for i, e := range entries {
		if i >= maxFiles {
			break
		}
		dir := filepath.Join(root, e.Name())
		path := filepath.Join(dir, "SKILL.md")
		st, err := os.Lstat(path)
		if err != nil || !(st.Mode().IsRegular() || st.Mode()&fs.ModeSymlink != 0) {
			continue
		}
		linked := e.Type()&fs.ModeSymlink != 0 || st.Mode()&fs.ModeSymlink != 0
		c, err := src.read(e.Name(), path, KindSkill, linked)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		c.Dir, c.Granted = dir, src.granted
		out = append(out, c)
	}
	return out, problems
}

// read reads and parses one file, refusing an oversized one before
// reading it whole and a link that resolves outside src.confine.
func (src source) read(name, path string, kind Kind, linked bool) (*Command, error) {
	if !ValidName(name) {
		return nil, &FileError{Path: path, Err: errBadName(name)}
	}
	if linked {
		if err := src.contained(path); err != nil {
			return nil, &FileError{Path: path, Err: err}
		}
	}
	data, err := ReadFile(path)
	if err == nil {
		var c *Command
		if c, err = Parse(name, path, kind, src.scope, data); err == nil {
			return c, nil
		}
	}
	return nil, &FileError{Path: path, Err: err}
}

// ReadFile reads a definition file of at most MaxFileSize bytes (one byte
// more is read, so that Parse can report the size). Anything but a
// regular file (a FIFO, a device) is refused without opening it, so a
// repository cannot make corvid's start-up wait on one.
func ReadFile(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, ErrNotRegular
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, MaxFileSize+1))
}
