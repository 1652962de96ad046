package workspace

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
)

// Defaults for Options.
const (
	DefaultManagedFile  = "/etc/corvid/CLAUDE.md"
	DefaultMaxFileBytes = 40_000
	// maxImportHops is how many @imports deep a chain is followed.
	maxImportHops = 4
)

// File is one instruction file as it will be shown to the model.
type File struct {
	Path         string // absolute
	Scope        Scope
	Content      string // frontmatter and block comments removed, capped
	ImportedFrom string // the importing file's path; "" unless reached by @import
}

// Options says where to look for instruction files.
type Options struct {
	Cwd string // absolute working directory
	// ConfigDir is corvid's user directory; the user files are
	// <ConfigDir>/CLAUDE.md and <ConfigDir>/rules/**/*.md. Empty skips them.
	ConfigDir string
	// ManagedFile is the administrator's file: DefaultManagedFile when
	// empty, none when "-".
	ManagedFile string
	Home        string // where @~/ imports start; empty ignores them
	// SkipUser, SkipProject and SkipLocal leave out a level, as
	// --setting-sources without it does.
	SkipUser, SkipProject, SkipLocal bool
	MaxFileBytes                     int // per-file cap; DefaultMaxFileBytes when <= 0
}

func (o Options) normalized() Options {
	if o.ManagedFile == "" {
		o.ManagedFile = DefaultManagedFile
	}
	if o.MaxFileBytes <= 0 {
		o.MaxFileBytes = DefaultMaxFileBytes
	}
	if abs, err := filepath.Abs(o.Cwd); err == nil {
		o.Cwd = abs
	}
	return o
}

// Load finds the instruction files to show at the start of a
// conversation, in order: the managed file, the user's files, then for
// every directory from the filesystem root down to Cwd its project files
// (CLAUDE.md, .claude/CLAUDE.md, .claude/rules/**/*.md without a paths:
// key, AGENTS.md, GEMINI.md) followed by its CLAUDE.local.md. Files a file
// imports follow it directly. Files that cannot be read are reported as
// problems; the rest still load.
func Load(o Options) (files []File, problems []error) {
	l := newLoader(o.normalized())
	if l.o.ManagedFile != "-" {
		l.include(l.o.ManagedFile, ScopeManaged, false, "", 0)
	}
	if !l.o.SkipUser && l.o.ConfigDir != "" {
		l.include(filepath.Join(l.o.ConfigDir, "CLAUDE.md"), ScopeUser, false, "", 0)
		l.rules(filepath.Join(l.o.ConfigDir, "rules"), ScopeUser)
	}
	for _, dir := range rootToDir(l.o.Cwd) {
		l.dir(dir, ScopeProject, ScopeLocal)
	}
	return l.files, l.problems
}

// rootToDir lists dir and its ancestors, the filesystem root first.
func rootToDir(dir string) []string {
	var chain []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		chain = append(chain, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	for i, j := 0, len(chain)-1; i < j; i, j = i+1, j-1 {
		chain[i], chain[j] = chain[j], chain[i]
	}
	return chain
}

// loader collects files and problems for one Load or Touch.
type loader struct {
	o        Options
	seen     *seenSet
	files    []File
	problems []error
}

func newLoader(o Options) *loader { return &loader{o: o, seen: newSeenSet()} }

// dir adds one directory's files: shared ones with scope shared, then the
// private CLAUDE.local.md with scope local.
func (l *loader) dir(dir string, shared, local Scope) {
	if !l.o.SkipProject {
		l.include(filepath.Join(dir, "CLAUDE.md"), shared, false, "", 0)
		l.include(filepath.Join(dir, ".claude", "CLAUDE.md"), shared, false, "", 0)
		l.rules(filepath.Join(dir, ".claude", "rules"), shared)
		l.include(filepath.Join(dir, "AGENTS.md"), shared, false, "", 0)
		l.include(filepath.Join(dir, "GEMINI.md"), shared, false, "", 0)
	}
	if !l.o.SkipLocal {
		l.include(filepath.Join(dir, "CLAUDE.local.md"), local, false, "", 0)
	}
}

// maxRuleFiles caps how many rule files one rules directory may add.
const maxRuleFiles = 500

// rules adds the *.md files under a rules directory, in lexical order,
// leaving out those whose frontmatter limits them to some paths.
func (l *loader) rules(root string, scope Scope) {
	var paths []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".md") {
			paths = append(paths, p)
		}
		if len(paths) >= maxRuleFiles {
			return filepath.SkipAll
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		l.problems = append(l.problems, err)
	}
	for _, p := range paths {
		l.include(p, scope, true, "", 0)
	}
}

// include adds path, then what it imports, unless it is missing, binary,
// empty, already included, or (for a rule) limited to some paths.
func (l *loader) include(path string, scope Scope, rule bool, from string, hops int) {
	fi, ok, err := statFile(path)
	if err != nil {
		l.problems = append(l.problems, err)
	}
	if !ok || l.seen.has(path, fi) {
		return
	}
	d, ok, err := readDoc(path, l.o.MaxFileBytes)
	if err != nil {
		l.problems = append(l.problems, err)
	}
	if !ok || d.content == "" || (rule && d.hasPaths) {
		return
	}
	l.seen.add(path, fi)
	l.files = append(l.files, File{Path: path, Scope: scope, Content: d.content, ImportedFrom: from})
	if hops >= maxImportHops {
		return
	}
	for _, ref := range importPaths(d.content) {
		if target := l.resolve(ref, filepath.Dir(path)); target != "" {
			l.include(target, scope, false, path, hops+1)
		}
	}
}
