package permission

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// maxPathLen and maxLinks bound path resolution.
const (
	maxPathLen = 4096
	maxLinks   = 40
)

var (
	errPathTooLong = errors.New("path is too long to check")
	errLinkLoop    = errors.New("too many symbolic links")
	errRelative    = errors.New("path is not absolute")
)

// fsPath is a path in its two forms: as written (cleaned lexically) and
// as the kernel would reach it (symbolic links followed, ".." applied to
// the directory actually reached). Rules and containment look at both.
type fsPath struct {
	link, target string
}

// forms returns the distinct forms.
func (p fsPath) forms() []string {
	if p.link == p.target {
		return []string{p.target}
	}
	return []string{p.link, p.target}
}

// describe names the path the kernel reaches, and the path as written
// when that differs.
func (p fsPath) describe() string {
	if p.link == p.target {
		return p.target
	}
	return p.target + " (" + p.link + " before links are followed)"
}

// newFSPath resolves an absolute path the way the kernel will when the
// command opens it. selfCwd is the working directory of the process that
// will open it, for /proc/self/cwd ("" when unknown: such a path is an
// error). known are directories whose resolution is already known: a
// path below one of them (as written) is resolved from there, which
// saves a system call per component.
func newFSPath(p, selfCwd string, known ...[]fsPath) (fsPath, error) {
	if len(p) > maxPathLen {
		return fsPath{}, errPathTooLong
	}
	if !filepath.IsAbs(p) {
		return fsPath{}, errRelative
	}
	base, rest, best := "/", p, 0
	for _, ks := range known {
		for _, k := range ks {
			if n := len(k.link); n > best && k.link != "/" && len(p) > n && p[n] == '/' && strings.HasPrefix(p, k.link) {
				base, rest, best = k.target, p[n+1:], n
			}
		}
	}
	target, err := resolveWithin(base, rest, selfCwd, p)
	if err != nil {
		return fsPath{}, err
	}
	return fsPath{link: cleanAbs(p), target: target}, nil
}

// cleanAbs is filepath.Clean for an absolute path, without its cost
// when p is clean already (the common case: a directory and a name).
func cleanAbs(p string) string {
	if isCleanAbs(p) {
		return p
	}
	return filepath.Clean(p)
}

// isCleanAbs reports whether filepath.Clean would return the absolute
// path p unchanged: no empty, "." or ".." segment, no trailing slash.
func isCleanAbs(p string) bool {
	if p == "/" {
		return true
	}
	if len(p) < 2 || p[0] != '/' || p[len(p)-1] == '/' {
		return false
	}
	for i := 0; ; {
		rest := p[i+1:] // a segment starts here; p does not end with '/'
		switch {
		case rest[0] == '/': // an empty segment
			return false
		case rest[0] != '.':
		case len(rest) == 1 || rest[1] == '/': // "."
			return false
		case rest[1] == '.' && (len(rest) == 2 || rest[2] == '/'): // ".."
			return false
		}
		j := strings.IndexByte(rest, '/')
		if j < 0 {
			return true
		}
		i += j + 1
	}
}

// resolve resolves an absolute path from the root.
func resolve(p string) (string, error) {
	return resolveIn("/", p, "")
}

// resolveIn follows p, relative to the resolved directory done,
// component by component: a symbolic link is replaced by its target
// (also a dangling one: writing through it creates the target), ".."
// pops the directory reached so far, and once a component does not
// exist the rest is appended as written. Below /proc, procStep stands
// for the process that will open the path (see procfs.go).
func resolveIn(done, p, selfCwd string) (string, error) {
	return resolveWithin(done, p, selfCwd, "")
}

// resolveWithin is resolveIn given a text, whole, that the directories
// reached may be prefixes of (the path as written): a directory that is
// one is taken from it rather than built again.
func resolveWithin(done, p, selfCwd, whole string) (string, error) {
	done = cleanAbs(done) // kept clean below: joining a name is a concatenation
	todo := p             // the components left, '/'-separated
	links, missing := 0, false
	for todo != "" {
		var c string
		c, todo, _ = strings.Cut(todo, "/")
		switch c {
		case "", ".":
			continue
		case "..":
			done = filepath.Dir(done)
			continue
		}
		if next, ok, err := procStep(done, c, selfCwd); ok {
			if err != nil {
				return "", err
			}
			done = cleanAbs(next)
			continue
		}
		next := joinFrom(whole, done, c)
		if missing {
			done = next
			continue
		}
		if exists, link := lstatLink(next); !link {
			missing = !exists
			done = next
			continue
		}
		if links++; links > maxLinks {
			return "", errLinkLoop
		}
		dest, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		if filepath.IsAbs(dest) {
			done = "/"
		}
		if todo == "" {
			todo = dest
		} else {
			todo = dest + "/" + todo
		}
	}
	return done, nil
}

// joinFrom is joinName(dir, name), taken from whole when whole starts
// with it.
func joinFrom(whole, dir, name string) string {
	d := dir
	if d == "/" {
		d = ""
	}
	if n := len(d) + 1 + len(name); dir != "" && dir[0] == '/' && n <= len(whole) && whole[len(d)] == '/' &&
		whole[len(d)+1:n] == name && whole[:len(d)] == d {
		return whole[:n]
	}
	return joinName(dir, name)
}

// joinName is filepath.Join(dir, name) for a clean dir and a name that
// is one segment other than "", "." and "..": a concatenation when dir
// is absolute.
func joinName(dir, name string) string {
	switch {
	case dir == "/":
		return "/" + name
	case dir != "" && dir[0] == '/':
		return dir + "/" + name
	}
	return filepath.Join(dir, name)
}

// within reports whether p is dir or below it, comparing whole path
// segments: /home/me/proj-evil is not within /home/me/proj.
func within(dir, p string) bool {
	if dir == "/" {
		return strings.HasPrefix(p, "/")
	}
	// The cheap bytes first: the one after dir, and dir's last one.
	n := len(dir)
	switch {
	case len(p) < n, len(p) > n && p[n] != '/', n > 0 && p[n-1] != dir[n-1]:
		return false
	}
	return p[:n] == dir
}

// relTo returns p relative to dir ("" when equal) and whether p is
// within dir.
func relTo(dir, p string) (string, bool) {
	if !within(dir, p) {
		return "", false
	}
	if dir == "/" {
		return strings.TrimPrefix(p, "/"), true
	}
	return strings.TrimPrefix(p[len(dir):], "/"), true
}

// dirForms returns a directory's forms for comparisons: as given
// (cleaned) and resolved, without duplicates.
func dirForms(dir string) []string {
	p, ok := dirPath(dir)
	if !ok {
		return nil
	}
	return p.forms()
}

// dirPath resolves a directory; a directory that cannot be resolved
// keeps its cleaned form only.
func dirPath(dir string) (fsPath, bool) {
	if dir == "" || !filepath.IsAbs(dir) {
		return fsPath{}, false
	}
	clean := filepath.Clean(dir)
	resolved, err := resolve(clean)
	if err != nil {
		resolved = clean
	}
	return fsPath{link: clean, target: resolved}, true
}

// expandHome turns a leading "~" or "~/" into home. "~user" forms are
// not expanded (ok is false).
func expandHome(p, home string) (string, bool) {
	switch {
	case p == "~":
		return home, home != ""
	case strings.HasPrefix(p, "~/"):
		return home + "/" + p[2:], home != "" // not Clean: ".." must meet links first
	case strings.HasPrefix(p, "~"):
		return "", false
	}
	return p, true
}

// absolute makes p absolute against dir (after "~" expansion).
func absolute(p, dir, home string) (string, bool) {
	p, ok := expandHome(p, home)
	if !ok || p == "" {
		return "", false
	}
	if filepath.IsAbs(p) {
		return p, true
	}
	if dir == "" {
		return "", false
	}
	return dir + "/" + p, true
}
