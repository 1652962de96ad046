package mcptest

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The real binary over raw pipes, for what no SDK client sends: a line
// that is not JSON gets a parse error (id null), an unknown method
// -32601, and the server goes on; a request written before stdin closes
// is still answered, and the server exits 0.
func TestMCPServeRawJSONRPC(t *testing.T) {
	work := t.TempDir()
	cmd := exec.Command(corvid(t), "mcp", "serve")
	cmd.Dir = work
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + filepath.Join(work, ".home"),
		"CORVID_CONFIG_DIR=" + filepath.Join(work, ".corvid")}
	cmd.Stdin = strings.NewReader(strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"raw","version":"0"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,`,
		`{"jsonrpc":"2.0","id":3,"method":"prompts/list"}`,
		`{"jsonrpc":"2.0","id":4,"method":"ping"}`,
	}, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("corvid mcp serve: %v\n%s", err, out)
	}
	type answer struct {
		ID     json.RawMessage
		Result map[string]any
		Error  *struct{ Code int }
	}
	var got []answer
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		var a answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("stdout line %q: %v", sc.Text(), err)
		}
		got = append(got, a)
	}
	if len(got) != 4 {
		t.Fatalf("%d answers, want 4:\n%s", len(got), out)
	}
	if string(got[0].ID) != "1" || got[0].Result["protocolVersion"] != "2024-11-05" {
		t.Errorf("initialize: %+v", got[0])
	}
	if string(got[1].ID) != "null" || got[1].Error == nil || got[1].Error.Code != -32700 {
		t.Errorf("broken line: %+v, want a parse error with id null", got[1])
	}
	if string(got[2].ID) != "3" || got[2].Error == nil || got[2].Error.Code != -32601 {
		t.Errorf("prompts/list: %+v, want -32601", got[2])
	}
	if string(got[3].ID) != "4" || got[3].Error != nil {
		t.Errorf("ping: %+v", got[3])
	}
}
