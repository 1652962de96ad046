package permission

import (
	"path"
	"strings"
	"testing"

	"github.com/bmatcuk/doublestar/v4"
)

// refMatch is pathPattern.match without its fast paths: the glob tried
// on the path below each base and on each of its ancestors.
func refMatch(pp *pathPattern, p string) bool {
	for _, base := range pp.bases {
		rel, ok := relTo(base, p)
		switch {
		case !ok:
			continue
		case pp.glob == "" || pp.glob == "**":
			return true
		case rel == "":
			if strings.Trim(pp.glob, "*/") == "" {
				return true
			}
			continue
		}
		for x := rel; x != "." && x != ""; x = path.Dir(x) {
			if doublestar.MatchUnvalidated(pp.glob, x) {
				return true
			}
		}
	}
	return false
}

// TestPathMatchFastPaths checks the "**/name" and "**/seg" fast paths
// against the plain glob walk, on the base itself, below it and beside
// it (fails when a fast path answers differently, as "**/*" on its base
// once did).
func TestPathMatchFastPaths(t *testing.T) {
	env := ruleEnv{cwd: "/w/proj", home: "/home/u"}
	specs := []string{"*", "*.lock", ".env", "build/**", "*.{ts,tsx}", "[ab]*", "secret*", "?", ".*",
		"src/*.go", "//etc/*.conf", "~/notes/*", "./x/**/y*", "*lock", "*.tar.gz", "*é", "*\\*x"}
	paths := []string{"/", "/w", "/w/proj", "/w/proj/a.lock", "/w/proj/sub/a.lock", "/w/proj/.env",
		"/w/proj/build/x", "/w/proj/a.ts", "/w/proj/d/b.tsx", "/w/proj/.hidden/z", "/etc/a.conf", "/home/u/notes/n",
		"/w/proj/x/q/y1", "/other/a.lock", "/w/proj/secretfile", "/w/proj/a", "/w/proj/src/m.go",
		"/w/proj/.lock", "/w/proj/lock", "/w/proj/a.lock/b", "/w/proj/x.tar.gz", "/w/proj/\xffa.lock", "/w/proj/caf\xc3\xa9",
		"/w/proj/\xc3.lock", "/w/proj/*x", "/w/proj/a}", "/w/proj/a.lockx"}
	for _, spec := range specs {
		for _, allow := range []bool{true, false} {
			pp, err := compilePath(spec, allow, RuleSource{}, env)
			if err != nil {
				t.Fatalf("%s: %v", spec, err)
			}
			for _, p := range paths {
				if got, want := pp.match(p), refMatch(pp, p); got != want {
					t.Errorf("%s (allow %v, glob %q) on %s: match %v, plain walk %v", spec, allow, pp.glob, p, got, want)
				}
			}
		}
	}
}

// TestSuffixFastPath checks the "*suffix" fast path against the glob
// matcher segment by segment, valid UTF-8 or not (fails if the fast path
// answers differently, e.g. if a star could not match nothing).
func TestSuffixFastPath(t *testing.T) {
	pats := []string{"*.lock", "*lock", "*.tar.gz", "*é", "*a"}
	segs := []string{"", "a", ".lock", "lock", "a.lock", "a.lockx", "x.tar.gz", "tar.gz", "é", "\xffé", "\xff.lock",
		"\xc3", "a\xc3.lock", "aa", "A.LOCK", ".a"}
	for _, pat := range pats {
		pp, err := newPathPattern("/", "", "**/"+pat)
		if err != nil {
			t.Fatal(err)
		}
		if pp.suffix != strings.TrimPrefix(pat, "*") {
			t.Fatalf("%s: suffix %q, want the fast path", pat, pp.suffix)
		}
		for _, s := range segs {
			if got, want := segmentHasSuffix(s, pp.suffix), doublestar.MatchUnvalidated(pat, s); got != want {
				t.Errorf("%s on %q: fast path %v, glob %v", pat, s, got, want)
			}
		}
	}
	for _, pat := range []string{"*", "*[a]", "*{a,b}", "*?", `*\*`, "*a*", "**"} {
		if pp, err := newPathPattern("/", "", "**/"+pat); err == nil && pp.suffix != "" {
			t.Errorf("%s: fast path %q for a glob with syntax in its tail", pat, pp.suffix)
		}
	}
}
