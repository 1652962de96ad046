package walk

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// maxIgnoreFile caps how much of one ignore file is read.
const maxIgnoreFile = 1 << 20

// rule is one line of an ignore file.
type rule struct {
	pat gitignore.Pattern
	// simple rules (no slash but a trailing one) match the entry's name
	// alone: its parents were checked when the walk reached them.
	simple bool
	// depth is the number of path components of the rule's directory;
	// other rules match the path below it.
	depth int
}

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
		line := strings.TrimSuffix(sc.Text(), "\r")
		if line == "" || strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		rules = append(rules, rule{pat: gitignore.ParsePattern(line, nil), simple: isSimple(line), depth: depth})
	}
	return rules
}

// isSimple mirrors how the gitignore parser tells a name pattern from a
// path pattern.
func isSimple(line string) bool {
	p := strings.TrimPrefix(line, "!")
	if !strings.HasSuffix(p, `\ `) {
		p = strings.TrimRight(p, " ")
	}
	return !strings.Contains(strings.TrimSuffix(p, "/"), "/")
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
	for _, r := range slices.Backward(list) {
		p := comps[len(comps)-1:]
		if !r.simple {
			if r.depth >= len(comps) {
				continue
			}
			p = comps[r.depth:]
		}
		switch r.pat.Match(p, isDir) {
		case gitignore.Exclude:
			return Exclude
		case gitignore.Include:
			return Include
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
