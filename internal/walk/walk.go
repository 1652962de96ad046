package walk

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/charlievieth/fastwalk"
)

// Verdict is an override's or filter's answer about one entry.
type Verdict int8

// Verdicts.
const (
	// None leaves the decision to the next rule.
	None Verdict = iota
	// Include keeps the entry, even if it is hidden.
	Include
	// Exclude leaves the entry (and, for a directory, all below it) out.
	Exclude
)

// Options say what Walk leaves out. The zero value keeps everything except
// version-control directories and symbolic links.
type Options struct {
	// Ignore applies ignore files: .gitignore and .git/info/exclude inside
	// a git repository, .ignore and .rgignore everywhere.
	Ignore bool
	// SkipHidden leaves out names starting with a dot.
	SkipHidden bool
	// Override is asked first about every entry below the root, with its
	// slash-separated path relative to the root; its Include or Exclude
	// wins over ignore files and hidden names (rg --glob).
	Override func(rel, name string, isDir bool) Verdict
	// Filter is asked after the ignore files (rg --type).
	Filter func(name string, isDir bool) Verdict
	// MaxDepth limits the depth below the root (1: the root's own
	// entries); 0 means no limit.
	MaxDepth int
	// OnError, when set, hears of each directory below the root that
	// could not be read (and so was skipped). It may be called from
	// several goroutines at once.
	OnError func(path string, err error)
}

// Walk calls fn for every regular file under root that opts keep,
// concurrently from several goroutines. Symbolic links are not followed
// and unreadable directories are skipped (Options.OnError hears of
// them). A root that is a regular file is handed to fn as it is, with no
// rule applied (an explicitly named file). An error from fn stops the
// walk and is returned; so is ctx's error.
func Walk(ctx context.Context, root string, opts Options, fn func(path string, d fs.DirEntry) error) error {
	root = filepath.Clean(root)
	info, err := os.Stat(root)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		if !info.Mode().IsRegular() {
			return nil // a device or pipe: nothing to list
		}
		return fn(root, fs.FileInfoToDirEntry(info))
	}
	w := &walker{ctx: ctx, root: root, opts: opts, fn: fn}
	if opts.Ignore {
		w.base = ancestorRules(root)
	}
	conf := fastwalk.Config{MaxDepth: opts.MaxDepth}
	err = fastwalk.Walk(&conf, root, w.visit)
	if ctxErr := ctx.Err(); ctxErr != nil {
		return ctxErr
	}
	var stop *stopError
	if errors.As(err, &stop) {
		return stop.err
	}
	return err
}

// stopError carries an error that must end the walk, so that it is told
// apart from a directory read error fastwalk reports through the callback.
type stopError struct{ err error }

func (e *stopError) Error() string { return e.err.Error() }

type walker struct {
	ctx   context.Context
	root  string
	opts  Options
	fn    func(string, fs.DirEntry) error
	base  *ruleSet
	rules sync.Map // directory → *ruleSet for its entries
}

func (w *walker) visit(path string, d fs.DirEntry, err error) error {
	if err != nil {
		var stop *stopError
		if errors.As(err, &stop) || path == w.root {
			return err
		}
		if w.opts.OnError != nil {
			w.opts.OnError(path, err)
		}
		return nil // an unreadable entry is skipped, as rg does
	}
	if ctxErr := w.ctx.Err(); ctxErr != nil {
		return &stopError{ctxErr}
	}
	if path == w.root {
		w.storeRules(path, w.base)
		return nil
	}
	name, isDir := d.Name(), d.IsDir()
	if isVCSDir(name) || !w.keep(path, name, isDir) {
		if isDir {
			return fastwalk.SkipDir
		}
		return nil
	}
	if isDir {
		w.storeRules(path, w.parentRules(path))
		return nil
	}
	if !d.Type().IsRegular() {
		return nil
	}
	if err := w.fn(path, d); err != nil {
		return &stopError{err}
	}
	return nil
}

// keep applies rg's precedence: override, ignore files, filter, hidden.
func (w *walker) keep(path, name string, isDir bool) bool {
	if w.opts.Override != nil {
		switch w.opts.Override(w.rel(path), name, isDir) {
		case Include:
			return true
		case Exclude:
			return false
		}
	}
	whitelisted := false
	if rs := w.parentRules(path); rs != nil {
		switch rs.match(path, isDir) {
		case Exclude:
			return false
		case Include:
			whitelisted = true
		}
	}
	if w.opts.Filter != nil {
		switch w.opts.Filter(name, isDir) {
		case Exclude:
			return false
		case Include:
			whitelisted = true
		}
	}
	return whitelisted || !w.opts.SkipHidden || !strings.HasPrefix(name, ".")
}

func (w *walker) rel(path string) string {
	if w.root == "/" {
		return path[1:]
	}
	return path[len(w.root)+1:]
}

func (w *walker) parentRules(path string) *ruleSet {
	if !w.opts.Ignore {
		return nil
	}
	if rs, ok := w.rules.Load(filepath.Dir(path)); ok {
		return rs.(*ruleSet)
	}
	return w.base // not reached: a directory's callback runs before its entries'
}

// storeRules records the rules for the entries of dir: parent's plus the
// ignore files dir holds.
func (w *walker) storeRules(dir string, parent *ruleSet) {
	if w.opts.Ignore {
		w.rules.Store(dir, parent.child(dir))
	}
}

// isVCSDir reports the version-control directories no search enters.
func isVCSDir(name string) bool {
	switch name {
	case ".git", ".svn", ".hg", ".bzr", ".jj", ".sl":
		return true
	}
	return false
}
