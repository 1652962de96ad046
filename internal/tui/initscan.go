package tui

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"corvid/internal/walk"
)

// Caps on /init's scan and on what it writes.
const (
	maxScanFiles  = 100_000 // files counted; the walk stops there
	maxListed     = 12      // languages, scripts, targets or entries listed
	maxManifest   = 1 << 20 // bytes read of a package.json or Makefile
	initSectionOf = "## Repository overview (from /init)"
)

var errScanCap = errors.New("scan cap reached")

// repoScan is what /init found in a directory.
type repoScan struct {
	langs    map[string]int // language → files
	dirs     map[string]int // top-level directory → files below it
	files    []string       // top-level files
	commands [][2]string    // command, where it was found
	total    int
}

// languages names a file's language by its extension.
var languages = map[string]string{
	".go": "Go", ".rs": "Rust", ".py": "Python", ".js": "JavaScript", ".mjs": "JavaScript", ".cjs": "JavaScript",
	".ts": "TypeScript", ".tsx": "TypeScript", ".jsx": "JavaScript", ".java": "Java", ".kt": "Kotlin",
	".c": "C", ".h": "C", ".cc": "C++", ".cpp": "C++", ".hpp": "C++", ".cs": "C#", ".rb": "Ruby",
	".php": "PHP", ".swift": "Swift", ".sh": "Shell", ".bash": "Shell", ".md": "Markdown",
	".html": "HTML", ".css": "CSS", ".scss": "CSS", ".sql": "SQL", ".lua": "Lua", ".zig": "Zig",
	".yaml": "YAML", ".yml": "YAML", ".toml": "TOML", ".json": "JSON", ".proto": "Protocol Buffers",
}

// scanRepo counts the files under dir that git would not ignore, by
// language and top-level entry, and finds build and test commands.
func scanRepo(ctx context.Context, dir string) (*repoScan, error) {
	s := &repoScan{langs: map[string]int{}, dirs: map[string]int{}}
	var mu sync.Mutex
	fn := func(path string, _ fs.DirEntry) error {
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return nil
		}
		mu.Lock()
		defer mu.Unlock()
		s.total++
		if l, ok := languages[strings.ToLower(filepath.Ext(path))]; ok {
			s.langs[l]++
		}
		if top, _, nested := strings.Cut(filepath.ToSlash(rel), "/"); nested {
			s.dirs[top]++
		} else {
			s.files = append(s.files, top)
		}
		if s.total >= maxScanFiles {
			return errScanCap
		}
		return nil
	}
	if err := walk.Walk(ctx, dir, walk.Options{Ignore: true, SkipHidden: true}, fn); err != nil && !errors.Is(err, errScanCap) {
		return nil, fmt.Errorf("scanning %s: %w", dir, err)
	}
	sort.Strings(s.files)
	s.commands = detectCommands(dir)
	return s, nil
}

// detectCommands reads the build files at dir's top level.
func detectCommands(dir string) [][2]string {
	var out [][2]string
	add := func(from string, cmds ...string) {
		for _, c := range cmds {
			out = append(out, [2]string{c, from})
		}
	}
	if exists(dir, "go.mod") {
		add("go.mod", "go build ./...", "go test ./...", "go vet ./...")
	}
	if exists(dir, "Cargo.toml") {
		add("Cargo.toml", "cargo build", "cargo test")
	}
	for _, s := range packageScripts(dir) {
		add("package.json", "npm run "+s)
	}
	for _, t := range makeTargets(dir) {
		add("Makefile", "make "+t)
	}
	if data, err := readHead(filepath.Join(dir, "pyproject.toml")); err == nil {
		add("pyproject.toml", "pip install -e .")
		if strings.Contains(string(data), "pytest") {
			add("pyproject.toml", "pytest")
		}
	}
	return out
}

func exists(dir, name string) bool {
	info, err := os.Stat(filepath.Join(dir, name))
	return err == nil && info.Mode().IsRegular()
}

// readHead reads at most maxManifest bytes of a regular file.
func readHead(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	buf := make([]byte, maxManifest)
	n, err := f.Read(buf)
	if n == 0 && err != nil {
		return nil, err
	}
	return buf[:n], nil
}

var makeTarget = regexp.MustCompile(`^([A-Za-z0-9][A-Za-z0-9_.-]*)\s*:([^=]|$)`)

// makeTargets are the Makefile's explicit targets, in file order.
func makeTargets(dir string) []string {
	data, err := readHead(filepath.Join(dir, "Makefile"))
	if err != nil {
		return nil
	}
	var out []string
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for sc.Scan() && len(out) < maxListed {
		if m := makeTarget.FindStringSubmatch(sc.Text()); m != nil && !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}
