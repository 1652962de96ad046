package workspace

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// Nested finds instruction files in directories below Cwd as tools touch
// paths there, each directory once and each file once. It is safe for
// concurrent use.
type Nested struct {
	mu       sync.Mutex
	l        *loader
	cwd      string
	realCwd  string // cwd with symlinks resolved, for tools that report real paths
	examined map[string]bool
}

// NewNested prepares on-demand discovery below o.Cwd. Files in
// alreadyLoaded (usually what Load returned) are never returned again.
func NewNested(o Options, alreadyLoaded []File) *Nested {
	o = o.normalized()
	n := &Nested{l: newLoader(o), cwd: o.Cwd, realCwd: resolved(o.Cwd), examined: map[string]bool{}}
	for _, f := range alreadyLoaded {
		if fi, err := os.Stat(f.Path); err == nil {
			n.l.seen.add(f.Path, fi)
		}
	}
	return n
}

// Touch is told of a path a tool read or listed. It returns the
// instruction files (CLAUDE.md, .claude/CLAUDE.md, rules without paths:,
// AGENTS.md, GEMINI.md, CLAUDE.local.md, and their imports) of the
// directories strictly below Cwd down to the path's directory that no
// earlier call examined. A relative path is taken from Cwd; a path outside
// Cwd gives nil.
func (n *Nested) Touch(path string) []File {
	base, parts := n.below(n.dirOf(path))
	if len(parts) == 0 {
		return nil
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	n.l.files = nil
	dir := base
	for _, p := range parts {
		dir = filepath.Join(dir, p)
		if n.examined[dir] {
			continue
		}
		n.examined[dir] = true
		n.l.dir(dir, ScopeNested, ScopeNested)
	}
	out := n.l.files
	n.l.files = nil
	return out
}

// Problems returns, and forgets, the errors met reading files so far.
func (n *Nested) Problems() []error {
	n.mu.Lock()
	defer n.mu.Unlock()
	p := n.l.problems
	n.l.problems = nil
	return p
}

// dirOf is the directory a touched path stands for: itself when it is a
// directory, otherwise its parent (which also covers files not yet made).
func (n *Nested) dirOf(path string) string {
	if !filepath.IsAbs(path) {
		path = filepath.Join(n.cwd, path)
	}
	path = filepath.Clean(path)
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return path
	}
	return filepath.Dir(path)
}

// below splits dir into the cwd it lies under and the path elements
// beneath it; no elements when dir is cwd itself or outside it.
func (n *Nested) below(dir string) (base string, parts []string) {
	for _, base := range []string{n.cwd, n.realCwd} {
		rel, err := filepath.Rel(base, dir)
		if err != nil || rel == "." || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		return base, strings.Split(rel, string(filepath.Separator))
	}
	return "", nil
}
