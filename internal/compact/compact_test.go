package compact

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"corvid/internal/model"
	"corvid/internal/provider"
)

// history is a two-task conversation: the first task uses tools and is
// large, the second is small and ends the history.
func history() []provider.Message {
	big := strings.Repeat("line of the parser source\n", 400)
	msgs := []provider.Message{user(text("<system-reminder>old instructions</system-reminder>"),
		text("Fix the parser in parse.go"))}
	msgs = append(msgs, toolTurn("t1", "Read", big)...)
	msgs = append(msgs, toolTurn("t2", "Edit", "edited")...)
	msgs = append(msgs, assistant(text("Fixed the parser.")))
	msgs = append(msgs, user(text("Now add a test")))
	msgs = append(msgs, toolTurn("t3", "Write", "written")...)
	return append(msgs, assistant(text("Added parse_test.go.")))
}

func reinject() Reinject {
	return Reinject{
		Instructions: "Codebase instructions: always run go vet.",
		Todos:        "1. [in_progress] add a test",
		Files:        []File{{Path: "/p/parse.go", Content: "package p"}, {Path: "/p/old.go", Content: "package old"}},
		Notes:        []string{"The user prefers tabs."},
	}
}

const answer = "<analysis>thinking it over</analysis>\n<summary>\nThe user wants the parser fixed.\n</summary>"

func compactor(f *fakeProvider) *Compactor {
	return &Compactor{Provider: f, Retry: provider.RetryPolicy{MaxRetries: -1}}
}

func TestCompactSummaryRequest(t *testing.T) {
	f := &fakeProvider{script: []outcome{{answer: answer}}}
	m := model.Resolve("claude-sonnet-4-5[1m]")
	_, err := compactor(f).Compact(context.Background(), Request{Messages: history(), Model: m,
		Focus: "the parser bug", Extra: []string{"Mention the test names."}})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(f.reqs))
	}
	req := f.reqs[0]
	if req.Model != m.ID || req.MaxTokens != DefaultMaxSummaryTokens || len(req.Tools) != 0 || len(req.System) == 0 {
		t.Errorf("request model %q, max_tokens %d, %d tools, %d system blocks",
			req.Model, req.MaxTokens, len(req.Tools), len(req.System))
	}
	if !req.LongContext {
		t.Error("the summary request does not ask for the [1m] model's long context")
	}
	if err := Validate(req.Messages); err != nil {
		t.Errorf("summary request is not a valid conversation: %v", err)
	}
	for _, msg := range req.Messages {
		for _, b := range msg.Content {
			if b.Type != provider.BlockText {
				t.Errorf("summary request holds a %s block", b.Type)
			}
		}
	}
	last := req.Messages[len(req.Messages)-1]
	if len(last.Content) != 1 || req.Messages[len(req.Messages)-2].Role != provider.RoleAssistant {
		t.Error("the instruction is not a user message of its own after the head's final answer")
	}
	instr := last.Content[0].Text
	for _, want := range []string{"<summary>", "the parser bug", "Mention the test names.", tailNote} {
		if !strings.Contains(instr, want) {
			t.Errorf("final instruction lacks %q", want)
		}
	}
	all := allText(req.Messages)
	if !strings.Contains(all, "[Tool call Read (id t1)") || !strings.Contains(all, "[Tool result of Read (id t1)") {
		t.Error("tool calls and results are not described as text")
	}
	if strings.Contains(all, "Now add a test") {
		t.Error("the verbatim tail was sent to the summariser")
	}
}

func TestCompactResult(t *testing.T) {
	msgs := history()
	before := snapshot(t, msgs)
	f := &fakeProvider{script: []outcome{{answer: answer}}}
	res, err := compactor(f).Compact(context.Background(), Request{Messages: msgs,
		Model: model.Resolve("claude-sonnet-4-5"), Reinject: reinject()})
	if err != nil {
		t.Fatal(err)
	}
	if snapshot(t, msgs) != before {
		t.Fatal("Compact modified its input")
	}
	if err := Validate(res.Messages); err != nil {
		t.Fatalf("compacted history invalid: %v", err)
	}
	if res.Summary != "The user wants the parser fixed." {
		t.Errorf("Summary = %q", res.Summary)
	}
	// The tail starts at "Now add a test" (index 6).
	tail := msgs[6:]
	if res.Tail != len(tail) || len(res.Messages) != len(tail) {
		t.Fatalf("Tail %d, %d messages; want %d", res.Tail, len(res.Messages), len(tail))
	}
	if !reflect.DeepEqual(res.Messages[1:], tail[1:]) {
		t.Error("tail not kept verbatim")
	}
	first := res.Messages[0].Content
	if !reflect.DeepEqual(first[len(first)-1], tail[0].Content[0]) {
		t.Error("the tail's first user message is not merged at the end of the summary message")
	}
	want := []string{
		"<system-reminder>\nCodebase instructions: always run go vet.\n</system-reminder>",
		continuation,
		"The user wants the parser fixed.",
		"1. [in_progress] add a test",
		"/p/parse.go:\npackage p",
		"/p/old.go:\npackage old",
		"The user prefers tabs.",
		afterWithTail,
		"Now add a test",
	}
	if len(first) != len(want) {
		t.Fatalf("summary message has %d blocks, want %d: %q", len(first), len(want), allText(res.Messages[:1]))
	}
	for i, w := range want {
		if !strings.Contains(first[i].Text, w) {
			t.Errorf("block %d = %q, want it to contain %q", i, first[i].Text, w)
		}
	}
	if res.Usage.InputTokens != 1000 || res.Usage.OutputTokens != 200 || res.PreTokens != Estimate(msgs) {
		t.Errorf("Usage %+v, PreTokens %d", res.Usage, res.PreTokens)
	}
}

func TestCompactWithoutTail(t *testing.T) {
	// Mid-turn: the history ends with tool results.
	msgs := []provider.Message{user(text("Fix it"))}
	msgs = append(msgs, toolTurn("t1", "Read", "source")...)
	f := &fakeProvider{script: []outcome{{answer: "Plain summary without tags."}}}
	res, err := compactor(f).Compact(context.Background(), Request{Messages: msgs,
		Model: model.Info{ID: "m", MaxOutput: 8_000}, KeepTokens: -1, Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	req := f.reqs[0]
	if len(req.Messages) != 3 || req.MaxTokens != 8_000 {
		t.Fatalf("%d request messages, max_tokens %d; want 3 and 8000", len(req.Messages), req.MaxTokens)
	}
	last := req.Messages[2]
	if last.Role != provider.RoleUser || len(last.Content) != 2 || !strings.HasPrefix(last.Content[1].Text, instructions[:40]) {
		t.Errorf("instruction not appended to the final user message: %+v", last)
	}
	if strings.Contains(last.Content[1].Text, tailNote) {
		t.Error("tail note sent although no tail is kept")
	}
	if len(res.Messages) != 1 || res.Tail != 0 || res.Summary != "Plain summary without tags." {
		t.Fatalf("result %d messages, tail %d, summary %q", len(res.Messages), res.Tail, res.Summary)
	}
	blocks := res.Messages[0].Content
	if got := blocks[len(blocks)-1].Text; got != resumeNote {
		t.Errorf("last block %q, want the resume note", got)
	}
}

func TestCompactPromptTooLongDropsOldest(t *testing.T) {
	var msgs []provider.Message
	for _, w := range []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"} {
		msgs = append(msgs, user(text("task "+w+" "+strings.Repeat(".", 400))), assistant(text("did "+w)))
	}
	f := &fakeProvider{script: []outcome{{err: tooLongErr()}, {err: tooLongErr()}, {answer: answer}}}
	res, err := compactor(f).Compact(context.Background(), Request{Messages: msgs,
		Model: model.Resolve("claude-sonnet-4-5"), KeepTokens: -1})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.reqs) != 3 {
		t.Fatalf("%d requests, want 3", len(f.reqs))
	}
	for i := 1; i < 3; i++ {
		prev, cur := f.reqs[i-1].Messages, f.reqs[i].Messages
		if len(cur) >= len(prev) {
			t.Errorf("request %d has %d messages, not fewer than %d", i+1, len(cur), len(prev))
		}
		if err := Validate(cur); err != nil {
			t.Errorf("request %d invalid: %v", i+1, err)
		}
		if cur[0].Content[0].Text != trimmedNote {
			t.Errorf("request %d does not say the start was dropped", i+1)
		}
		// The newest history survives every trim.
		if !strings.Contains(allText(cur), "task hotel") {
			t.Errorf("request %d lost the newest message", i+1)
		}
	}
	if strings.Contains(allText(f.reqs[2].Messages), "task alpha") {
		t.Error("oldest message still sent after two trims")
	}
	if res.Summary == "" || len(res.Messages) != 1 {
		t.Errorf("result: summary %q, %d messages", res.Summary, len(res.Messages))
	}
}

func TestCompactErrors(t *testing.T) {
	m := model.Resolve("claude-sonnet-4-5")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	denied := &provider.APIError{StatusCode: 401, Type: provider.ErrTypeAuthentication, Message: "bad key"}
	tests := []struct {
		name   string
		ctx    context.Context
		script []outcome
		msgs   []provider.Message
		calls  int
		check  func(error) bool
	}{
		{"empty summary", context.Background(), []outcome{{answer: "  "}}, history(), 1,
			func(err error) bool { return errors.Is(err, ErrEmptySummary) }},
		{"only analysis", context.Background(), []outcome{{answer: "<analysis>hmm, the user"}}, history(), 1,
			func(err error) bool { return errors.Is(err, ErrEmptySummary) }},
		{"cancelled", cancelled, nil, history(), 0,
			func(err error) bool { return errors.Is(err, context.Canceled) }},
		{"api error", context.Background(), []outcome{{err: denied}}, history(), 1,
			func(err error) bool { return errors.Is(err, denied) }},
		{"always too long", context.Background(),
			[]outcome{{err: tooLongErr()}, {err: tooLongErr()}, {err: tooLongErr()}, {err: tooLongErr()}},
			manyTurns(20), 4,
			func(err error) bool { return strings.Contains(err.Error(), "too long to summarise") }},
		{"too long, nothing to drop", context.Background(), []outcome{{err: tooLongErr()}},
			[]provider.Message{user(text("one huge prompt"))}, 1,
			func(err error) bool { return strings.Contains(err.Error(), "dropping its oldest part 0 times") }},
		{"nothing to compact", context.Background(), nil, nil, 0,
			func(err error) bool { return strings.Contains(err.Error(), "nothing to compact") }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeProvider{script: tc.script}
			res, err := compactor(f).Compact(tc.ctx, Request{Messages: tc.msgs, Model: m})
			if err == nil || !tc.check(err) {
				t.Fatalf("err = %v", err)
			}
			if res.Messages != nil {
				t.Error("a failed compaction returned a history")
			}
			if len(f.reqs) != tc.calls {
				t.Errorf("%d requests, want %d", len(f.reqs), tc.calls)
			}
		})
	}
}

func TestCompactCancelledDuringRequest(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The request fails the way an adapter reports a dropped connection;
	// the cancellation, not the API error, must be reported.
	f := &fakeProvider{script: []outcome{{err: &provider.APIError{Type: provider.ErrTypeConnection,
		Err: context.Canceled}}}, onCall: func(int) { cancel() }}
	_, err := compactor(f).Compact(ctx, Request{Messages: history(), Model: model.Resolve("claude-sonnet-4-5")})
	if !errors.Is(err, context.Canceled) || len(f.reqs) != 1 {
		t.Fatalf("err %v after %d requests; want context.Canceled after 1", err, len(f.reqs))
	}
}

func TestCompactRequestTooLarge(t *testing.T) {
	large := &provider.APIError{StatusCode: 413, Type: provider.ErrTypeTooLarge, Message: "request too large"}
	f := &fakeProvider{script: []outcome{{err: large}, {answer: answer}}}
	res, err := compactor(f).Compact(context.Background(), Request{Messages: manyTurns(10),
		Model: model.Resolve("claude-sonnet-4-5"), KeepTokens: -1})
	if err != nil || len(f.reqs) != 2 || res.Summary == "" {
		t.Fatalf("err %v, %d requests; want a summary after one trim", err, len(f.reqs))
	}
}

func TestCompactHeadStartingWithAnswer(t *testing.T) {
	// The first prompt holds only blank text, so the summariser's view
	// would start with an answer.
	msgs := []provider.Message{user(text(" ")), assistant(text("hello")), user(text("next")), assistant(text("ok"))}
	f := &fakeProvider{script: []outcome{{answer: answer}}}
	if _, err := compactor(f).Compact(context.Background(), Request{Messages: msgs,
		Model: model.Resolve("claude-sonnet-4-5"), KeepTokens: -1}); err != nil {
		t.Fatal(err)
	}
	if err := Validate(f.reqs[0].Messages); err != nil {
		t.Errorf("summary request invalid: %v", err)
	}
}

func manyTurns(n int) []provider.Message {
	var msgs []provider.Message
	for range n {
		msgs = append(msgs, user(text("do it")), assistant(text("done")))
	}
	return msgs
}

func TestExtractSummary(t *testing.T) {
	tests := map[string]string{
		"<analysis>a</analysis><summary> S </summary> trailing": "S",
		"<summary>cut off":                                "cut off",
		"<analysis>a</analysis>\nbare text":               "bare text",
		"x<analysis>a</analysis>y<analysis>b</analysis>z": "xyz",
		"<analysis>never closed":                          "",
		"plain":                                           "plain",
	}
	for in, want := range tests {
		if got := extractSummary(in); got != want {
			t.Errorf("extractSummary(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPickFiles(t *testing.T) {
	var files []File
	for range 7 {
		files = append(files, File{Path: "/f", Content: strings.Repeat("z", 20_000)})
	}
	got := pickFiles(files)
	total := 0
	for _, f := range got {
		total += len(f.Content)
	}
	if len(got) != 3 || total > MaxFileChars+40 || !strings.Contains(got[2].Content, "more characters]") {
		t.Errorf("picked %d files, %d characters; want 3 files within %d, the last shortened", len(got), total, MaxFileChars)
	}
	small := []File{{"/1", "a"}, {"/2", "b"}, {"/3", "c"}, {"/4", "d"}, {"/5", "e"}, {"/6", "f"}}
	if got := pickFiles(small); len(got) != MaxFiles || got[0].Path != "/1" {
		t.Errorf("picked %v, want the first %d", got, MaxFiles)
	}
}
