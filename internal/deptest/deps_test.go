package deptest

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// A rule forbids some imports to the packages it is about. Patterns are
// import paths; a trailing "/..." also matches every package below.
type rule struct {
	// why is the rule as ARCHITECTURE.md §2 states it.
	why string
	// from selects the packages the rule is about; except exempts some.
	from   []string
	except []string
	// deny lists what they must not import. only, when non-nil, instead
	// lists the only corvid packages they may import (empty: none).
	deny []string
	only []string
	// transitive checks every dependency, not just direct imports.
	transitive bool
}

// rules are the import-direction rules for the packages that exist today.
// A rule about packages that do not exist yet (tools/*, tui) passes
// vacuously until they do.
var rules = []rule{
	{why: "only cli imports app (the composition root)",
		from: []string{"corvid/..."}, except: []string{"corvid/internal/cli"},
		deny: []string{"corvid/internal/app/..."}},
	{why: "nothing imports cli except the mains (cmd/corvid, and cmd/corvid-tui, which holds the interface)",
		from: []string{"corvid/..."}, except: []string{"corvid/cmd/corvid", "corvid/cmd/corvid-tui", "corvid/internal/cli/..."},
		deny: []string{"corvid/internal/cli/..."}},
	{why: "provider is a neutral contract: it imports no corvid package",
		from: []string{"corvid/internal/provider"}, only: []string{}, transitive: true},
	{why: "tool is a neutral contract: it imports only provider",
		from: []string{"corvid/internal/tool"}, only: []string{"corvid/internal/provider"}, transitive: true},
	{why: "tools/* import tool and small leaf packages only, never engine, tui, sdk or app",
		from: []string{"corvid/internal/tools/..."}, transitive: true,
		deny: []string{"corvid/internal/engine/...", "corvid/internal/tui/...", "corvid/internal/sdk/...",
			"corvid/internal/app/...", "corvid/internal/cli/..."}},
	{why: "tui and sdk are two renderers of one event stream: never each other",
		from: []string{"corvid/internal/tui/..."}, deny: []string{"corvid/internal/sdk/..."}, transitive: true},
	{why: "tui and sdk are two renderers of one event stream: never each other",
		from: []string{"corvid/internal/sdk/..."}, deny: []string{"corvid/internal/tui/..."}, transitive: true},
	{why: "engine does not depend on its front ends or the composition root",
		from: []string{"corvid/internal/engine/..."}, transitive: true,
		deny: []string{"corvid/internal/cli/...", "corvid/internal/app/...", "corvid/internal/sdk/...",
			"corvid/internal/tui/..."}},
	{why: "the Anthropic SDK stays behind the provider contract",
		from: []string{"corvid/..."}, except: []string{"corvid/internal/provider/anthropic"},
		deny: []string{"github.com/anthropics/anthropic-sdk-go/..."}},
	{why: "one JSON Schema validator (internal/jsonschema) and one JSON-RPC codec (internal/jsonrpc): the MCP go-sdk and google/jsonschema-go stay out (issue 14)",
		from: []string{"corvid/..."}, transitive: true,
		deny: []string{"github.com/modelcontextprotocol/go-sdk/...", "github.com/google/jsonschema-go/..."}},
	{why: "the OAuth test servers are for tests only",
		from: []string{"corvid/..."}, transitive: true, deny: []string{"corvid/internal/mcp/oauthtest"}},
}

// mustExist guards against a go list that quietly found nothing, which
// would make every rule pass.
var mustExist = []string{"corvid/cmd/corvid", "corvid/internal/cli", "corvid/internal/app",
	"corvid/internal/engine", "corvid/internal/tool", "corvid/internal/provider",
	"corvid/internal/provider/anthropic"}

func TestImportDirection(t *testing.T) {
	pkgs := listPackages(t)
	for _, p := range mustExist {
		if _, ok := pkgs[p]; !ok {
			t.Fatalf("go list did not report %s; found %d packages", p, len(pkgs))
		}
	}
	for _, r := range rules {
		matched := 0
		for _, p := range sortedKeys(pkgs) {
			if !matchAny(r.from, p) || matchAny(r.except, p) {
				continue
			}
			matched++
			for _, bad := range r.violations(pkgs[p]) {
				t.Errorf("%s imports %s%s; rule: %s", p, bad, r.how(), r.why)
			}
		}
		if matched == 0 {
			t.Logf("no package yet for rule %q", r.why)
		}
	}
}

// violations returns what p imports against the rule.
func (r rule) violations(p *goPackage) []string {
	imports := p.Imports
	if r.transitive {
		imports = p.Deps
	}
	var bad []string
	for _, imp := range imports {
		switch {
		case matchAny(r.deny, imp):
			bad = append(bad, imp)
		case r.only != nil && isCorvid(imp) && !matchAny(r.only, imp):
			bad = append(bad, imp)
		}
	}
	return bad
}

func (r rule) how() string {
	if r.transitive {
		return " (directly or indirectly)"
	}
	return ""
}

// TestRuleViolations checks that the checker itself catches what it
// should, so a passing TestImportDirection means something.
func TestRuleViolations(t *testing.T) {
	p := &goPackage{ImportPath: "corvid/internal/x",
		Imports: []string{"fmt", "corvid/internal/provider", "corvid/internal/app"},
		Deps:    []string{"fmt", "corvid/internal/app", "corvid/internal/engine", "corvid/internal/provider"}}
	tests := []struct {
		name string
		r    rule
		want []string
	}{
		{"deny direct", rule{deny: []string{"corvid/internal/app/..."}}, []string{"corvid/internal/app"}},
		{"deny misses indirect imports", rule{deny: []string{"corvid/internal/engine"}}, nil},
		{"deny transitive", rule{deny: []string{"corvid/internal/engine"}, transitive: true},
			[]string{"corvid/internal/engine"}},
		{"only none", rule{only: []string{}}, []string{"corvid/internal/provider", "corvid/internal/app"}},
		{"only provider", rule{only: []string{"corvid/internal/provider"}, transitive: true},
			[]string{"corvid/internal/app", "corvid/internal/engine"}},
		{"nil only allows all", rule{}, nil},
	}
	for _, tt := range tests {
		if got := tt.r.violations(p); !slices.Equal(got, tt.want) {
			t.Errorf("%s: violations = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		pattern, path string
		want          bool
	}{
		{"corvid/internal/app", "corvid/internal/app", true},
		{"corvid/internal/app", "corvid/internal/apple", false},
		{"corvid/internal/app", "corvid/internal/app/sub", false},
		{"corvid/internal/app/...", "corvid/internal/app", true},
		{"corvid/internal/app/...", "corvid/internal/app/sub", true},
		{"corvid/internal/app/...", "corvid/internal/apple", false},
		{"corvid/...", "corvid", true},
		{"corvid/...", "corvidx/y", false},
	}
	for _, tt := range tests {
		if got := match(tt.pattern, tt.path); got != tt.want {
			t.Errorf("match(%q, %q) = %v, want %v", tt.pattern, tt.path, got, tt.want)
		}
	}
}

func match(pattern, path string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return path == base || strings.HasPrefix(path, base+"/")
	}
	return path == pattern
}

func matchAny(patterns []string, path string) bool {
	return slices.ContainsFunc(patterns, func(p string) bool { return match(p, path) })
}

func isCorvid(path string) bool { return match("corvid/...", path) }

// goPackage is the part of `go list -json` output the rules need.
type goPackage struct {
	ImportPath string
	Imports    []string // direct, non-test
	Deps       []string // transitive, non-test
}

// listPackages runs one `go list` over the module. -e keeps going past a
// package that does not build (others may be editing it): its imports are
// still reported, and building it is other tests' business.
func listPackages(t *testing.T) map[string]*goPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-e", "-json=ImportPath,Imports,Deps", "corvid/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	pkgs := map[string]*goPackage{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		p := new(goPackage)
		if err := dec.Decode(p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("decoding go list output: %v", err)
		}
		pkgs[p.ImportPath] = p
	}
	return pkgs
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
