package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// maxDropIns bounds how many managed-settings.d files are read.
const maxDropIns = 256

// layerFile is one settings document to load: a file, or inline JSON from
// --settings.
type layerFile struct {
	source Source
	path   string // absolute; "" for inline JSON
	shown  string // the name problems and notices use
	dir    string // base of "/x" anchors
	inline []byte
}

// ProjectRoot is where .claude/settings.local.json lives for cwd: the
// enclosing git repository's root (a worktree's main checkout), or cwd
// itself outside git.
func ProjectRoot(cwd string) string {
	cwd = filepath.Clean(cwd)
	if root, ok := gitRoot(cwd); ok {
		return root
	}
	return cwd
}

// LocalSettingsPath is the local settings file for cwd, where "always
// allow" answers are saved.
func LocalSettingsPath(cwd string) string {
	return filepath.Join(ProjectRoot(cwd), ".claude", "settings.local.json")
}

// gitRoot walks up from dir to the first directory holding .git.
func gitRoot(dir string) (string, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		info, err := os.Lstat(filepath.Join(d, ".git"))
		switch {
		case err == nil && info.IsDir():
			return d, true
		case err == nil && info.Mode().IsRegular():
			return worktreeMain(d), true
		}
		if filepath.Dir(d) == d {
			return "", false
		}
	}
}

// worktreeMain maps a linked worktree (whose .git is a file saying
// "gitdir: <main>/.git/worktrees/<name>") to its main checkout; any
// other .git file (a submodule, say) leaves dir as the root.
func worktreeMain(dir string) string {
	data, err := readCapped(filepath.Join(dir, ".git"), 4096)
	if err != nil {
		return dir
	}
	gitdir, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
	if !ok {
		return dir
	}
	gitdir = filepath.ToSlash(strings.TrimSpace(gitdir))
	main, _, found := strings.Cut(gitdir, "/.git/worktrees/")
	if !found || main == "" {
		return dir
	}
	if !filepath.IsAbs(main) {
		main = filepath.Join(dir, main)
	}
	return filepath.Clean(main)
}

// shownName is path relative to cwd when it lies inside cwd.
func shownName(cwd, path string) string {
	rel, err := filepath.Rel(cwd, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
}

// managedFiles lists the managed main file and its drop-ins (in
// alphabetical order; hidden and non-.json names skipped). A drop-in
// directory that cannot be listed, or holds more than maxDropIns files,
// is a failure: the files it would give are unknown.
func managedFiles(dir, cwd string) ([]layerFile, []Failure) {
	file := func(p string) layerFile {
		return layerFile{source: SourceManaged, path: p, shown: shownName(cwd, p), dir: dir}
	}
	files := []layerFile{file(filepath.Join(dir, "managed-settings.json"))}
	dropDir := filepath.Join(dir, "managed-settings.d")
	entries, err := os.ReadDir(dropDir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return files, nil
		}
		return files, []Failure{{Source: SourceManaged, Path: dropDir,
			Problem: Problem{File: dropDir, Msg: "cannot list drop-ins: " + readError(err)}}}
	}
	names := dropInNames(entries)
	if len(names) > maxDropIns {
		return files, []Failure{{Source: SourceManaged, Path: dropDir, Problem: Problem{File: dropDir,
			Msg: fmt.Sprintf("%d drop-ins; at most %d are read", len(names), maxDropIns)}}}
	}
	for _, n := range names {
		files = append(files, file(filepath.Join(dropDir, n)))
	}
	return files, nil
}

func dropInNames(entries []fs.DirEntry) []string {
	var names []string
	for _, e := range entries {
		n := e.Name()
		if strings.HasPrefix(n, ".") || !strings.HasSuffix(n, ".json") || e.IsDir() {
			continue
		}
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}
