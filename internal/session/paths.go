package session

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// maxProjectDirName bounds a project directory's name; longer names are
// cut and given a hash suffix so they stay unique.
const maxProjectDirName = 200

// minPrefix is the shortest session id prefix Find accepts.
const minPrefix = 8

// ProjectDirName encodes a working directory as Claude Code does: every
// character that is not an ASCII letter or digit becomes '-', counted in
// UTF-16 units as JavaScript does (so an emoji gives two). Names longer
// than 200 characters are cut and suffixed with a hash of the whole path.
func ProjectDirName(cwd string) string {
	b := make([]byte, 0, len(cwd))
	for _, r := range cwd {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9':
			b = append(b, byte(r))
		case r > 0xFFFF:
			b = append(b, '-', '-')
		default:
			b = append(b, '-')
		}
	}
	if len(b) <= maxProjectDirName {
		return string(b)
	}
	sum := sha256.Sum256([]byte(cwd))
	return string(b[:maxProjectDirName]) + "-" + hex.EncodeToString(sum[:4])
}

// ProjectDir is where the sessions of cwd live:
// <configDir>/projects/<ProjectDirName(cwd)>.
func ProjectDir(configDir, cwd string) string {
	return filepath.Join(configDir, "projects", ProjectDirName(cwd))
}

// Path is the transcript of session id: <ProjectDir>/<id>.jsonl.
func Path(configDir, cwd, id string) string {
	return filepath.Join(ProjectDir(configDir, cwd), id+".jsonl")
}

// sessionFile is one *.jsonl file of a project directory.
type sessionFile struct {
	id, path string
	mod      time.Time
}

// sessionFiles lists the transcripts in dir, newest first. A missing
// directory has none.
func sessionFiles(dir string) ([]sessionFile, error) {
	ents, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	var out []sessionFile
	for _, e := range ents {
		id, ok := strings.CutSuffix(e.Name(), ".jsonl")
		if !ok || id == "" || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue // removed meanwhile
		}
		out = append(out, sessionFile{id: id, path: filepath.Join(dir, e.Name()), mod: info.ModTime()})
	}
	slices.SortFunc(out, func(a, b sessionFile) int {
		return cmp.Or(b.mod.Compare(a.mod), strings.Compare(a.id, b.id))
	})
	return out, nil
}

// Latest is the most recently modified transcript in projectDir; with
// none it returns an error wrapping ErrNoSession.
func Latest(projectDir string) (string, error) {
	files, err := sessionFiles(projectDir)
	if err != nil {
		return "", fmt.Errorf("session: list %s: %w", projectDir, err)
	}
	if len(files) == 0 {
		return "", fmt.Errorf("%w in %s", ErrNoSession, projectDir)
	}
	return files[0].path, nil
}

// Find locates session id: an exact id or a unique prefix of at least 8
// characters, looked up in cwd's project directory first, then in every
// project directory. Several matches give an error wrapping ErrAmbiguous
// that lists them; none, one wrapping ErrNoSession.
func Find(configDir, cwd, id string) (string, error) {
	if !validID(id) {
		return "", fmt.Errorf("session: invalid session id %q", id)
	}
	home := ProjectDir(configDir, cwd)
	found, err := match(home, id)
	if err != nil || len(found) > 0 {
		return pick(id, found, err)
	}
	root := filepath.Join(configDir, "projects")
	dirs, err := os.ReadDir(root)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("session: list %s: %w", root, err)
	}
	var exact, prefixed []string
	for _, d := range dirs {
		dir := filepath.Join(root, d.Name())
		if !d.IsDir() || dir == home {
			continue
		}
		m, err := match(dir, id)
		if err != nil {
			return "", err
		}
		for _, p := range m {
			if strings.TrimSuffix(filepath.Base(p), ".jsonl") == id {
				exact = append(exact, p)
			} else {
				prefixed = append(prefixed, p)
			}
		}
	}
	if len(exact) > 0 {
		return pick(id, exact, nil)
	}
	return pick(id, prefixed, nil)
}

// FindIn locates session id (an exact id or a unique prefix of at least 8
// characters) in the one project directory dir; errors as Find's.
func FindIn(dir, id string) (string, error) {
	if !validID(id) {
		return "", fmt.Errorf("session: invalid session id %q", id)
	}
	found, err := match(dir, id)
	return pick(id, found, err)
}

// match returns the transcripts in dir named id, or else those whose name
// starts with id (when id is long enough to be a prefix).
func match(dir, id string) ([]string, error) {
	files, err := sessionFiles(dir)
	if err != nil {
		return nil, fmt.Errorf("session: list %s: %w", dir, err)
	}
	var out []string
	for _, f := range files {
		if f.id == id {
			return []string{f.path}, nil
		}
		if len(id) >= minPrefix && strings.HasPrefix(f.id, id) {
			out = append(out, f.path)
		}
	}
	return out, nil
}

func pick(id string, found []string, err error) (string, error) {
	switch {
	case err != nil:
		return "", err
	case len(found) == 1:
		return found[0], nil
	case len(found) == 0:
		return "", fmt.Errorf("%w with id %q", ErrNoSession, id)
	}
	slices.Sort(found)
	return "", fmt.Errorf("%w: %q matches %d sessions:\n  %s", ErrAmbiguous, id, len(found),
		strings.Join(found, "\n  "))
}

// validID accepts ids made of letters, digits, '-' and '_': nothing that
// could step out of a directory.
func validID(id string) bool {
	if id == "" {
		return false
	}
	for _, c := range []byte(id) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}
