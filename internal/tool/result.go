package tool

import "corvid/internal/provider"

// Result is what a call returns to the model.
type Result struct {
	// Content is the tool_result content: text and image blocks.
	Content []provider.Block
	// IsError marks a result the model should treat as a failure.
	IsError bool
	// ReportIsError writes is_error on the wire even when it is false (as
	// Claude Code does for Bash results).
	ReportIsError bool
	// Structured is the tool's structured output (tool_use_result in
	// stream-json and transcripts).
	Structured any
	// LinesAdded and LinesRemoved count the lines this call changed in
	// files, for the cost tracker's code-change totals.
	LinesAdded, LinesRemoved int
	// Modifier, when set, changes the conversation's Env after this call.
	// It is applied only for calls that are not concurrency-safe.
	Modifier func(Env) Env
}

// Text returns a successful result holding one text block.
func Text(s string) *Result {
	return &Result{Content: []provider.Block{provider.TextBlock(s)}}
}

// Errorf-style helpers live with the pipeline; ErrorText returns an error
// result holding one text block.
func ErrorText(s string) *Result {
	return &Result{Content: []provider.Block{provider.TextBlock(s)}, IsError: true}
}

// UseError returns an error result wrapped in <tool_use_error> tags, the
// form Claude Code uses for input and availability errors.
func UseError(s string) *Result {
	return ErrorText("<tool_use_error>" + s + "</tool_use_error>")
}

// TextOf concatenates the text blocks of a result ("" for a nil result).
func (r *Result) TextOf() string {
	if r == nil {
		return ""
	}
	var s string
	for _, b := range r.Content {
		if b.Type == provider.BlockText {
			s += b.Text
		}
	}
	return s
}
