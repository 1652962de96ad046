package sdk

import (
	"encoding/json"
	"strings"
	"testing"

	"corvid/internal/event"
	"corvid/internal/provider"
)

func TestBlocksAreNotHTMLEscaped(t *testing.T) {
	text := `if a < b && c > d { fmt.Println("\u003c") } // \u003c`
	out := render(t, testOpts(FormatStreamJSON),
		event.Assistant{Model: "m", Block: provider.TextBlock(text)})
	if !strings.Contains(out, `a < b && c > d`) {
		t.Errorf("escaped: %s", out)
	}
	var f AssistantFrame
	if err := json.Unmarshal([]byte(out), &f); err != nil {
		t.Fatal(err)
	}
	if got := f.Message.Content[0].Text; got != text {
		t.Errorf("round trip changed the text:\n got %q\nwant %q", got, text)
	}
}
