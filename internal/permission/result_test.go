package permission

import (
	"errors"
	"strings"
	"testing"
)

// A PermissionResult (a host's canUseTool answer, a prompt tool's text)
// becomes an Answer; anything malformed is an error, which refuses.
func TestDecodeResult(t *testing.T) {
	ans, err := DecodeResult([]byte(`{"behavior":"allow","updatedInput":{"command":"ls"},"updatedPermissions":[
		{"type":"addRules","behavior":"allow","destination":"session","rules":[{"toolName":"Bash","ruleContent":"ls *"},{"toolName":"Read"}]},
		{"type":"addRules","behavior":"deny","rules":[{"toolName":"Write"}]}]}`))
	if err != nil || !ans.Allow || string(ans.UpdatedInput) != `{"command":"ls"}` ||
		strings.Join(ans.Rules, ",") != "Bash(ls *),Read" || ans.Destination != DestSession {
		t.Errorf("allow = %+v, %v", ans, err)
	}
	if ans, err := DecodeResult([]byte(`{"behavior":"allow"}`)); err != nil || !ans.Allow || ans.UpdatedInput != nil {
		t.Errorf("allow without updatedInput = %+v, %v", ans, err)
	}
	ans, err = DecodeResult([]byte(`{"behavior":"deny","message":"no","interrupt":true}`))
	if err != nil || ans.Allow || ans.Message != "no" || !ans.Interrupt {
		t.Errorf("deny = %+v, %v", ans, err)
	}
	for _, bad := range []string{`{"behavior":"maybe"}`, `{"behavior":"allow","updatedInput":[1]}`, `allow`, ``, `{}`, `[]`} {
		if ans, err := DecodeResult([]byte(bad)); !errors.Is(err, ErrBadResult) || ans.Allow {
			t.Errorf("%s: got %+v, %v; want ErrBadResult", bad, ans, err)
		}
	}
}
