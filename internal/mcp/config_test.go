package mcp

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestExpand(t *testing.T) {
	env := map[string]string{"HOST": "example.com", "EMPTY": "", "TOKEN": "s3cret"}
	get := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
	tests := []struct {
		in, want string
		missing  []string
	}{
		{"https://${HOST}/mcp", "https://example.com/mcp", nil},
		{"Bearer ${TOKEN}", "Bearer s3cret", nil},
		{"${UNSET:-fallback}", "fallback", nil},
		{"${EMPTY:-fallback}", "fallback", nil},
		{"[${EMPTY}]", "[]", nil},
		{"${HOST:-x}", "example.com", nil},
		{"a ${UNSET} b", "a ${UNSET} b", []string{"UNSET"}},
		{"$HOST and ${", "$HOST and ${", nil},
		{"${A}${B:-2}", "${A}2", []string{"A"}},
	}
	for _, tt := range tests {
		got, missing := Expand(tt.in, get)
		if got != tt.want || !slices.Equal(missing, tt.missing) {
			t.Errorf("Expand(%q) = %q, %q; want %q, %q", tt.in, got, missing, tt.want, tt.missing)
		}
	}
	c := ServerConfig{Command: "${HOST}", Args: []string{"--t=${TOKEN}"}, Env: map[string]string{"K": "${TOKEN}"},
		URL: "u", Headers: map[string]string{"Authorization": "Bearer ${NOPE}"}}
	got, missing := c.Expanded(get)
	if got.Command != "example.com" || got.Args[0] != "--t=s3cret" || got.Env["K"] != "s3cret" ||
		got.Headers["Authorization"] != "Bearer ${NOPE}" || !slices.Equal(missing, []string{"NOPE"}) {
		t.Errorf("Expanded = %+v, missing %q", got, missing)
	}
	if c.Env["K"] != "${TOKEN}" {
		t.Error("Expanded changed the original entry")
	}
}

func TestParseFile(t *testing.T) {
	doc := `{
	  // comments and trailing commas are fine
	  "mcpServers": {
	    "ok": {"command": "node", "args": ["s.js"],},
	    "web": {"type": "http", "url": "https://x/mcp"},
	    "urlOnly": {"url": "https://x/mcp"},
	    "noCmd": {"type": "stdio"},
	    "bad type": {"command": "x"},
	    "weird": {"type": "ftp", "url": "x"},
	  },
	}`
	got, problems, err := ParseFile([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got["ok"].Command != "node" || got["web"].Transport() != TypeHTTP {
		t.Errorf("servers = %+v", got)
	}
	var msgs []string
	for _, p := range problems {
		if !errors.Is(p, ErrConfig) {
			t.Errorf("problem %v is not ErrConfig", p)
		}
		msgs = append(msgs, p.Error())
	}
	all := strings.Join(msgs, "\n")
	for _, want := range []string{`"urlOnly"`, `"url" needs "type"`, `"noCmd"`, `"bad type"`, `"weird"`, `unknown type "ftp"`} {
		if !strings.Contains(all, want) {
			t.Errorf("problems %q lack %q", all, want)
		}
	}
	if _, _, err := ParseFile([]byte(`{"mcpServers": [`)); !errors.Is(err, ErrConfig) {
		t.Errorf("broken JSON: err = %v", err)
	}
}

func names(ss []Server) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Name+"@"+string(s.Scope))
	}
	return out
}

func write(t *testing.T, path, s string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestLoadScopes: local > project > user by name, --mcp-config on top,
// --strict-mcp-config keeps only the flags, project servers wait for
// trust and approval.
func TestLoadScopes(t *testing.T) {
	proj, cfg := t.TempDir(), t.TempDir()
	write(t, filepath.Join(proj, ".mcp.json"), `{"mcpServers": {
		"shared": {"command": "project"}, "proj": {"command": "p"}, "off": {"command": "o"}, "notListed": {"command": "n"}}}`)
	write(t, StorePath(cfg), `{"mcpServers": {"shared": {"command": "user"}, "user": {"command": "u"}},
		"projects": {"`+proj+`": {"mcpServers": {"shared": {"command": "local"}, "loc": {"command": "l"}}},
		             "/elsewhere": {"mcpServers": {"foreign": {"command": "f"}}}}}`)
	write(t, filepath.Join(proj, "flag.json"), `{"mcpServers": {"user": {"command": "flagfile"}}}`)
	flags := []string{"flag.json", `{"mcpServers": {"inline": {"command": "i"}}}`}

	l, err := Load(LoadOptions{ProjectDir: proj, ConfigDir: cfg, Flags: flags, Trusted: false})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(l.Servers), []string{"inline@dynamic", "loc@local", "shared@local", "user@dynamic"}; !slices.Equal(got, want) {
		t.Errorf("untrusted: servers %q, want %q", got, want)
	}
	if got, want := names(l.Held), []string{"notListed@project", "off@project", "proj@project"}; !slices.Equal(got, want) {
		t.Errorf("untrusted: held %q, want %q", got, want)
	}
	if !strings.Contains(l.Reasons["proj"], "corvid trust") {
		t.Errorf("reason %q should say to run corvid trust", l.Reasons["proj"])
	}
	byName := map[string]Server{}
	for _, s := range l.Servers {
		byName[s.Name] = s
	}
	if byName["shared"].Config.Command != "local" || byName["user"].Config.Command != "flagfile" {
		t.Errorf("precedence: shared=%q user=%q", byName["shared"].Config.Command, byName["user"].Config.Command)
	}

	l, _ = Load(LoadOptions{ProjectDir: proj, ConfigDir: cfg, Trusted: true,
		Approval: Approval{Enabled: []string{"proj", "off"}, Disabled: []string{"off"}}})
	if got, want := names(l.Servers), []string{"loc@local", "proj@project", "shared@local", "user@user"}; !slices.Equal(got, want) {
		t.Errorf("trusted: servers %q, want %q", got, want)
	}
	if l.Reasons["off"] != "disabled by disabledMcpjsonServers" || !strings.Contains(l.Reasons["notListed"], "enabledMcpjsonServers") {
		t.Errorf("reasons %q", l.Reasons)
	}
	l, _ = Load(LoadOptions{ProjectDir: proj, ConfigDir: cfg, Trusted: true, Approval: Approval{EnableAll: true, Enabled: []string{"x"}}})
	if len(l.Held) != 0 {
		t.Errorf("enableAllProjectMcpServers: held %q", names(l.Held))
	}

	l, _ = Load(LoadOptions{ProjectDir: proj, ConfigDir: cfg, Flags: flags, Strict: true, Trusted: true})
	if got, want := names(l.Servers), []string{"inline@dynamic", "user@dynamic"}; !slices.Equal(got, want) || len(l.Held) != 0 {
		t.Errorf("strict: servers %q held %q, want %q", got, names(l.Held), want)
	}
}

func TestLoadBadFlag(t *testing.T) {
	for _, flag := range []string{"missing.json", `{"mcpServers": `, `{"servers": {}}`} {
		if _, err := Load(LoadOptions{ProjectDir: t.TempDir(), Flags: []string{flag}}); !errors.Is(err, ErrConfig) {
			t.Errorf("--mcp-config %q: err = %v, want ErrConfig", flag, err)
		}
	}
}

func TestLoadBadFilesAreProblems(t *testing.T) {
	proj, cfg := t.TempDir(), t.TempDir()
	write(t, filepath.Join(proj, ".mcp.json"), `not json`)
	write(t, StorePath(cfg), `{"mcpServers": {"ok": {"command": "x"}, "bad": {"url": "u"}}}`)
	l, err := Load(LoadOptions{ProjectDir: proj, ConfigDir: cfg})
	if err != nil {
		t.Fatal(err)
	}
	if got := names(l.Servers); !slices.Equal(got, []string{"ok@user"}) || len(l.Problems) != 2 {
		t.Errorf("servers %q problems %v", got, l.Problems)
	}
}
