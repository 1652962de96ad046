package cli

import "testing"

func TestThinkingFlags(t *testing.T) {
	h := newHarness("")
	if code := h.exec("-p", "--max-thinking-tokens", "5000", "--effort=HIGH", "hi"); code != 0 {
		t.Fatalf("exit %d: %s", code, h.stderr.String())
	}
	if o := h.got; o.MaxThinkingTokens != 5000 || !o.HasMaxThinkingTokens || o.Effort != "high" {
		t.Errorf("options %d %v %q", o.MaxThinkingTokens, o.HasMaxThinkingTokens, o.Effort)
	}
	h = newHarness("")
	if code := h.exec("-p", "--max-thinking-tokens=0", "hi"); code != 0 || h.got.MaxThinkingTokens != 0 || !h.got.HasMaxThinkingTokens {
		t.Errorf("0: exit %d, options %+v", code, h.got)
	}
	for args, want := range map[[2]string]string{
		{"--max-thinking-tokens", "-1"}:   "Error: --max-thinking-tokens must be a non-negative integer (got \"-1\")\n",
		{"--max-thinking-tokens", "lots"}: "Error: --max-thinking-tokens must be a non-negative integer (got \"lots\")\n",
		{"--effort", "huge"}: "error: option '--effort <level>' argument 'huge' is invalid. " +
			"Allowed choices are low, medium, high, xhigh, max.\n",
	} {
		h := newHarness("")
		if code := h.exec("-p", args[0], args[1], "hi"); code != 1 || h.stderr.String() != want || h.ran {
			t.Errorf("%v: exit %d ran %v stderr %q", args, code, h.ran, h.stderr.String())
		}
	}
}
