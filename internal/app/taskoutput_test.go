package app

import (
	"slices"
	"strings"
	"testing"
	"time"

	"corvid/internal/provider"
	"corvid/internal/provider/providertest"
)

// The model starts a background agent and reads its report with
// TaskOutput (blocking until the agent ends); the sub-agent itself is
// not offered TaskOutput.
func TestTaskOutputReadsBackgroundAgent(t *testing.T) {
	bg := providertest.ToolUse("toolu_bg", "Agent", map[string]any{"description": "bg task", "prompt": "M-BG",
		"run_in_background": true})
	read := providertest.ToolUse("toolu_out", "TaskOutput",
		map[string]any{"task_id": "{{result:toolu_bg:agentId: }}", "timeout": 60000})
	srv := providertest.Start(t, providertest.Scenario{
		Turns: []pt{{Blocks: []providertest.Block{bg}}, {Blocks: []providertest.Block{read}},
			{Blocks: []providertest.Block{text("done")}}},
		Routes: []providertest.Route{{Marker: "M-BG", Turns: []pt{{Stall: providertest.StallHeaders,
			StallFor: 300 * time.Millisecond, Blocks: []providertest.Block{text("background report")}}}}}})
	env, _ := agentEnv(t, srv)
	opts := baseOptions(env)
	opts.Cwd = t.TempDir()
	if res, err := Run(t.Context(), opts); err != nil || res.IsError {
		t.Fatalf("run: %v %+v", err, res)
	}
	var main []providertest.Request
	for _, r := range srv.Requests() {
		if r.Route == "" {
			main = append(main, r)
		} else if slices.ContainsFunc(r.Tools, func(td provider.ToolDef) bool { return td.Name == "TaskOutput" }) {
			t.Errorf("the sub-agent was offered TaskOutput")
		}
	}
	if !slices.ContainsFunc(main[0].Tools, func(td provider.ToolDef) bool { return td.Name == "TaskOutput" }) {
		t.Fatal("the model was not offered TaskOutput")
	}
	launched := resultText(toolResults(main[1])["toolu_bg"])
	id := strings.TrimSpace(strings.SplitN(strings.SplitN(launched, "agentId: ", 2)[1], "\n", 2)[0])
	got := resultText(toolResults(main[2])["toolu_out"])
	for _, want := range []string{"<retrieval_status>success</retrieval_status>", "<task_id>" + id + "</task_id>",
		"<status>completed</status>", "<output>\nbackground report\n</output>"} {
		if !strings.Contains(got, want) {
			t.Errorf("TaskOutput result %q lacks %q", got, want)
		}
	}
}
