package conformance

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func frames(t *testing.T, lines ...string) []Frame {
	t.Helper()
	fs, err := Parse([]byte(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	return fs
}

func TestCompareFindsEveryKind(t *testing.T) {
	claude := Recording{Exit: 0, Requests: 2, Frames: frames(t,
		`{"type":"system","subtype":"init","a":1}`,
		`{"type":"system","subtype":"status","status":"requesting"}`,
		`{"type":"user","message":{"content":[{"type":"tool_result","content":"hi"}]},"timestamp":"x"}`,
		`{"type":"result","subtype":"success","num_turns":5}`)}
	corvid := Recording{Exit: 130, Requests: 2, Frames: frames(t,
		`{"type":"system","subtype":"init","a":1,"b":2}`,
		`{"type":"user","message":{"content":[{"type":"tool_result","content":[{"type":"text","text":"hi"}]}]}}`,
		`{"type":"stream_event","event":{"type":"ping"}}`,
		`{"type":"result","subtype":"success","num_turns":3}`)}
	var got []string
	for _, d := range Compare("c", claude, corvid) {
		got = append(got, d.Frame+" "+d.Path+" "+d.What)
	}
	want := []string{
		"run exit value",
		"system/init b extra",
		"system/status  frame-missing",
		"user message.content[].content value",
		"user timestamp missing",
		"stream_event/ping  frame-extra",
		"result/success num_turns value",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("differences\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestFilterNeedsBothValuePatterns(t *testing.T) {
	d := Difference{Case: "c", Frame: "user", Path: "message.content[].content", What: Value,
		Claude: `"1\talpha\n2\t"`, Corvid: `[{"text":"1\talpha","type":"text"}]`}
	allow := []Allowance{{Frame: "user", Path: "message.content[].content", What: Value,
		Claude: `"1\t*\t"`, Corvid: `"1\t*"`}}
	used := make([]bool, 1)
	if left := Filter([]Difference{d}, allow, used); len(left) != 1 || used[0] {
		t.Fatalf("an array where a string is allowed must stay a difference: %v %v", left, used)
	}
	d.Corvid = `"1\talpha"`
	if left := Filter([]Difference{d}, allow, used); len(left) != 0 || !used[0] {
		t.Fatalf("the allowed wording was not explained: %v %v", left, used)
	}
	allow[0].Cases = []string{"other"}
	if left := Filter([]Difference{d}, allow, make([]bool, 1)); len(left) != 1 {
		t.Fatal("an allowance for another case explained a difference")
	}
}

// TestAllowancesKeepShapeChanges: corvid writing a text result as an
// array again, or dropping a key it now writes, is not hidden by any
// allowance.
func TestAllowancesKeepShapeChanges(t *testing.T) {
	rec, err := ReadRecording(filepath.Join("..", "..", "testdata", "conformance", "parallel", "claude.json"))
	if err != nil {
		t.Fatal(err)
	}
	mutated := Recording{Exit: rec.Exit, Requests: rec.Requests}
	data, _ := json.Marshal(rec.Frames)
	if err := json.Unmarshal(data, &mutated.Frames); err != nil {
		t.Fatal(err)
	}
	for _, f := range mutated.Frames {
		switch f["type"] {
		case "user":
			b := f["message"].(map[string]any)["content"].([]any)[0].(map[string]any)
			b["content"] = []any{map[string]any{"type": "text", "text": b["content"]}}
			delete(f, "timestamp")
		case "result":
			delete(f, "api_error_status")
			f["num_turns"] = json.Number("3")
		}
	}
	left := Filter(Compare("parallel", rec, mutated), Allowances, make([]bool, len(Allowances)))
	count := map[string]int{}
	for _, d := range left {
		count[d.Frame+" "+d.Path+" "+d.What]++
	}
	want := map[string]int{"user message.content[].content value": 4, "user timestamp missing": 4,
		"result/success api_error_status missing": 1, "result/success num_turns value": 1}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%s: %d differences left, want %d (all left: %v)", k, count[k], n, left)
		}
	}
}

func TestNormalise(t *testing.T) {
	out := Output{Project: "/tmp/x/project", Home: "/tmp/x/home"}
	fs := frames(t,
		`{"type":"assistant","message":{"id":"msg_1","content":[{"type":"tool_use","id":"t2"}]},"uuid":"u1","session_id":"s","timestamp":"2026","request_id":"r"}`,
		`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"t1","content":"/tmp/x/project/a"}]}}`,
		`{"type":"assistant","message":{"id":"msg_1","content":[{"type":"tool_use","id":"t1"}]}}`,
		`{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"t2","content":"x"}]}}`,
		`{"type":"result","duration_ms":12,"total_cost_usd":0.5,"modelUsage":{"m":{"costUSD":0.5}},"cwd":"/tmp/x/home/.c"}`)
	Normalise(fs, out)
	var kinds []string
	for _, f := range fs {
		kinds = append(kinds, Kind(f)+":"+resultID(f))
	}
	if got := strings.Join(kinds, " "); got != "assistant: assistant: user:t1 user:t2 result:" {
		t.Fatalf("order %s", got)
	}
	a := fs[0]
	if a["uuid"] != idHolder || a["session_id"] != idHolder || a["timestamp"] != timeHolder ||
		a["request_id"] != idHolder || a["message"].(map[string]any)["id"] != msgIDHolder {
		t.Errorf("ids: %v", a)
	}
	r := fs[4]
	if r["duration_ms"] != json.Number("0") || r["total_cost_usd"] != json.Number("0") || r["cwd"] != "$HOME/.c" ||
		r["modelUsage"].(map[string]any)["m"].(map[string]any)["costUSD"] != json.Number("0") {
		t.Errorf("result: %v", r)
	}
	if c := fs[2]["message"].(map[string]any)["content"].([]any)[0].(map[string]any)["content"]; c != "$PROJECT/a" {
		t.Errorf("path: %v", c)
	}
}

func TestGlob(t *testing.T) {
	for _, c := range []struct {
		p, s string
		ok   bool
	}{
		{"a", "a", true}, {"a", "b", false}, {"*", "", true}, {"a*c", "abbc", true},
		{"a*c", "abcd", false}, {"modelUsage.*.provider", "modelUsage.m.x.provider", true},
		{`"1\t*\t"`, `"1\talpha\n2\t"`, true}, {"[]*", "[]x", true}, {"x[]", "x1", false},
	} {
		if glob(c.p, c.s) != c.ok {
			t.Errorf("glob(%q, %q) = %v", c.p, c.s, !c.ok)
		}
	}
}
