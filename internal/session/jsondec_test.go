package session

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"corvid/internal/provider"
)

// blockSamples are content arrays in the shapes the API and Claude Code
// write, plus awkward strings; the hand-written decoder must agree with
// provider.Block's own UnmarshalJSON on every one.
var blockSamples = []string{
	`[]`,
	`[{"type":"text","text":"plain"}]`,
	`[{"type":"text","text":"esc \" \\ \/ \b \f \n \r \t \u00e9 \u2713 \ud83d\udc26 end"}]`,
	`[{"type":"text","text":"lone \ud83d half, \udc26 low, \ud83d\u0041 pair?"}]`,
	"[{\"type\":\"text\",\"text\":\"bad utf8 \xff\xfe here\"}]",
	"[{\"type\":\"text\",\"text\":\"bad utf8 \xff and \\n escape\"}]",
	`[ { "type" : "text" , "text" : "spaced" , "cache_control" : { "type" : "ephemeral", "ttl":"1h" } } ]`,
	`[{"type":"thinking","thinking":"hmm","signature":"c2ln"},{"type":"redacted_thinking","data":"xyz"}]`,
	`[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"ls \"a b\"","n":[1,2,{"x":null}]}}]`,
	`[{"type":"tool_use","id":"t1","name":"Bash","input":null},{"type":"tool_use","id":"t2","name":"X"}]`,
	`[{"type":"tool_result","tool_use_id":"t1","content":"string form","is_error":true}]`,
	`[{"type":"tool_result","tool_use_id":"t1","content":""},{"type":"tool_result","tool_use_id":"t2","content":null}]`,
	`[{"type":"tool_result","tool_use_id":"t1","content":[{"type":"text","text":"a"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBOR"}}]}]`,
	`[{"type":"document","source":{"type":"url","url":"https://x/y.pdf"},"title":"ignored"}]`,
	`[{"type":"server_tool_use","id":"s1","name":"web_search","input":{"q":"x"},"extra":[1,{"a":"}"}]}]`,
	`[{"text":"type last","type":"text","citations":null}]`,
}

func TestDecodeMatchesProvider(t *testing.T) {
	for _, s := range blockSamples {
		var want []provider.Block
		if err := json.Unmarshal([]byte(s), &want); err != nil {
			t.Fatalf("provider rejects %s: %v", s, err)
		}
		got, end, err := decodeContent([]byte(s), 0)
		if err != nil || end != len(s) {
			t.Errorf("%s: end %d err %v", s, end, err)
			continue
		}
		if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("%s (-provider +session):\n%s", s, d)
		}
	}
}

func TestDecodeRejectsMalformed(t *testing.T) {
	for _, s := range []string{
		`{"content":[{"type":"text","text":"x"}`,
		`{"content":[{"type":"text" "text":"x"}]}`,
		`{"content":[{"type":"text","text":"\q"}]}`,
		`{"content":[{"type":"text","text":"\u12"}]}`,
		`{"content":[{"type":"tool_result","is_error":"yes"}]}`,
		`{"content":7}`,
		`{"id":"x"} extra`,
		`{"id":"unterminated}`,
	} {
		if _, err := decodeMessage([]byte(s)); err == nil {
			t.Errorf("accepted %s", s)
		}
	}
}

func TestScanEntry(t *testing.T) {
	line := []byte(`{"parentUuid":"p\"1","type":"assistant","isSidechain":true,"isApiErrorMessage":true,` +
		`"message":{"id":"m","content":["}\"]"]},"uuid":"u1","n":-1.5e3,"ok":null}`)
	var e entryInfo
	if err := scanEntry(line, 100, &e); err != nil {
		t.Fatal(err)
	}
	if e.kind != kindAssistant || e.uuid != "u1" || !e.hasParent || e.parent != `p"1` || !e.sidechain || !e.apiError {
		t.Errorf("%+v", e)
	}
	msg := string(line[e.payload.off-100 : e.payload.off-100+int64(e.payload.n)])
	if msg != `{"id":"m","content":["}\"]"]}` {
		t.Errorf("message span %q", msg)
	}
}

// FuzzDecodeContent checks that whenever encoding/json reads a content
// array into provider blocks, the hand-written decoder reads the same.
func FuzzDecodeContent(f *testing.F) {
	for _, s := range blockSamples {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var want []provider.Block
		if json.Unmarshal([]byte(s), &want) != nil || len(s) == 0 || s[0] != '[' {
			return
		}
		got, _, err := decodeContent([]byte(s), 0)
		if err != nil {
			return // stricter on a shape provider tolerates (e.g. null blocks)
		}
		if d := cmp.Diff(want, got, cmpopts.EquateEmpty()); d != "" {
			t.Errorf("%q (-provider +session):\n%s", s, d)
		}
	})
}
