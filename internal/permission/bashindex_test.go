package permission

import (
	"math/rand/v2"
	"testing"

	"corvid/internal/tool"
)

// TestBashIndexAgreesWithScan checks the index against the plain scan it
// replaces: for random rule lists and command texts, the first matching
// rule is the same one (fails when the index skips a rule that could
// match, e.g. by keying a pattern on a word its texts need not start with).
func TestBashIndexAgreesWithScan(t *testing.T) {
	specs := []string{"Bash", "Bash(*)", "Bash(ls)", "Bash(ls *)", "Bash(ls:*)", "Bash(git status)",
		"Bash(git * push *)", "Bash(git push*)", "Bash(*push*)", "Bash(npm run test *)", "Bash(npm*)",
		"Bash( ls *)", "Bash(rm -rf *)", "Bash(* --force)", "Bash('a b' *)", "Bash(go test *)",
		"Bash(tee *)", "Bash(a\\*b *)", "Read(./x)", "Bash(ls -la)", "Bash(l*)", "Bash(FOO=1 make *)"}
	texts := []string{"ls", "ls -la", "lsof", "git status", "git push", "git -C x push origin", "git pushx",
		"npm run test -- -x", "npm", "npmx", "rm -rf /", "rm -rf", "git push --force", "'a b' c", "a*b c",
		"go test ./...", "tee out.log", "", " ls", "l", "FOO=1 make all", "echo push"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3000 {
		var rules []*Rule
		for range 1 + rng.IntN(12) {
			r, err := parseRule(RuleSource{Text: specs[rng.IntN(len(specs))], Source: "project"},
				tool.PermissionAllow, ruleEnv{cwd: "/w", home: "/h", tools: newCatalog(testTools())})
			if err != nil {
				t.Fatal(err)
			}
			rules = append(rules, r)
		}
		var cands []string
		for range 1 + rng.IntN(3) {
			cands = append(cands, texts[rng.IntN(len(texts))])
		}
		want, got := firstBashRule(rules, cands), indexBash(rules).first(cands)
		if want != got {
			t.Fatalf("rules %v, texts %q: index gives %v, scan gives %v", ruleTexts(rules), cands, got, want)
		}
	}
}

func ruleTexts(rs []*Rule) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Text)
	}
	return out
}
