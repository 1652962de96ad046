package command

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// maxFiles caps the definitions one directory may add.
const maxFiles = 500

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
		add(loadSkills(filepath.Join(o.UserDir, "skills"), ScopeUser, true))
		add(loadCommands(filepath.Join(o.UserDir, "commands"), ScopeUser, true))
	}
	if !o.SkipProject && o.Cwd != "" {
		dirs := ProjectDirs(o.Cwd)
		for _, d := range dirs {
			add(loadSkills(filepath.Join(d, ".claude", "skills"), ScopeProject, o.ProjectTrusted))
		}
		for _, d := range dirs {
			add(loadCommands(filepath.Join(d, ".claude", "commands"), ScopeProject, o.ProjectTrusted))
		}
	}
	return newSet(found), problems
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
func loadCommands(root string, scope Scope, granted bool) ([]*Command, []error) {
	var out []*Command
	var problems []error
	n := 0
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(d.Name(), ".md") {
			return nil
		}
		if n++; n > maxFiles {
			return filepath.SkipAll
		}
		rel, _ := filepath.Rel(root, p)
		name := strings.ReplaceAll(strings.TrimSuffix(filepath.ToSlash(rel), ".md"), "/", ":")
		c, err := readDefinition(name, p, KindCommand, scope)
		if err != nil {
			problems = append(problems, err)
			return nil
		}
		c.Granted = granted
		out = append(out, c)
		return nil
	})
	return out, problems
}

// loadSkills reads root/<name>/SKILL.md.
func loadSkills(root string, scope Scope, granted bool) ([]*Command, []error) {
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
		if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
			continue
		}
		c, err := readDefinition(e.Name(), path, KindSkill, scope)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		c.Dir, c.Granted = dir, granted
		out = append(out, c)
	}
	return out, problems
}

// readDefinition reads and parses one file, refusing an oversized one
// before reading it whole.
func readDefinition(name, path string, kind Kind, scope Scope) (*Command, error) {
	if !ValidName(name) {
		return nil, &FileError{Path: path, Err: errBadName(name)}
	}
	data, err := readCapped(path)
	if err == nil {
		var c *Command
		if c, err = Parse(name, path, kind, scope, data); err == nil {
			return c, nil
		}
	}
	return nil, &FileError{Path: path, Err: err}
}

func readCapped(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, MaxFileSize+1)) // Parse reports the size
}
