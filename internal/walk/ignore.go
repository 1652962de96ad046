package walk

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// maxIgnoreFile caps how much of one ignore file is read.
const maxIgnoreFile = 1 << 20

// ruleSet is what applies to the entries of one directory. Each list
// holds the rules of the directories above first, so later rules win.
type ruleSet struct {
	inGit bool
	// By rg's precedence: .rgignore, .ignore, .gitignore, then the
	// repository's .git/info/exclude.
	custom, ignore, git, exclude []rule
}

// ancestorRules gathers the rules of the directories above root, from the
// filesystem root down, as rg does.
func ancestorRules(root string) *ruleSet {
	var dirs []string
	for d := filepath.Dir(root); ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if d == filepath.Dir(d) {
			break
		}
	}
	rs := &ruleSet{}
	if root == filepath.Dir(root) {
		return rs
	}
	for _, d := range slices.Backward(dirs) {
		rs = rs.child(d)
	}
	return rs
}

// child returns the rules for the entries of dir, whose parent's rules
// are rs; rs itself when dir holds no ignore file.
func (rs *ruleSet) child(dir string) *ruleSet {
	depth := len(components(dir))
	ns := *rs
	changed := false
	if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
		// A repository root: .gitignore files above it no longer apply.
		ns.inGit, ns.git = true, nil
		ns.exclude = readRules(filepath.Join(dir, ".git", "info", "exclude"), depth)
		changed = true
	}
	if ns.inGit {
		changed = addRules(&ns.git, filepath.Join(dir, ".gitignore"), depth) || changed
	}
	changed = addRules(&ns.ignore, filepath.Join(dir, ".ignore"), depth) || changed
	changed = addRules(&ns.custom, filepath.Join(dir, ".rgignore"), depth) || changed
	if !changed {
		return rs
	}
	return &ns
}

// addRules appends the rules of file to a copy of *list.
func addRules(list *[]rule, file string, depth int) bool {
	rules := readRules(file, depth)
	if len(rules) == 0 {
		return false
	}
	*list = append(slices.Clip(*list), rules...)
	return true
}

func readRules(file string, depth int) []rule {
	f, err := os.Open(file)
	if err != nil {
		return nil
	}
	defer f.Close()
	var rules []rule
	sc := bufio.NewScanner(io.LimitReader(f, maxIgnoreFile))
	for sc.Scan() {
		if r, ok := parseRule(strings.TrimSuffix(sc.Text(), "\r"), depth); ok {
			rules = append(rules, r)
		}
	}
	return rules
}

// match is the verdict of the ignore files on path.
func (rs *ruleSet) match(path string, isDir bool) Verdict {
	if len(rs.custom)+len(rs.ignore)+len(rs.git)+len(rs.exclude) == 0 {
		return None
	}
	comps := components(path)
	for _, list := range [...][]rule{rs.custom, rs.ignore, rs.git, rs.exclude} {
		if v := matchList(list, comps, isDir); v != None {
			return v
		}
	}
	return None
}

func matchList(list []rule, comps []string, isDir bool) Verdict {
	for i := len(list) - 1; i >= 0; i-- {
		if v := list[i].match(comps, isDir); v != None {
			return v
		}
	}
	return None
}

// components splits an absolute path into its names ("/" has none).
func components(path string) []string {
	path = strings.Trim(filepath.ToSlash(path), "/")
	if path == "" {
		return nil
	}
	return strings.Split(path, "/")
}
