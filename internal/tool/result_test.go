package tool_test

import (
	"testing"

	"corvid/internal/provider"
	"corvid/internal/tool"
)

func TestResultHelpers(t *testing.T) {
	tests := []struct {
		name    string
		res     *tool.Result
		text    string
		isError bool
	}{
		{"Text", tool.Text("hello"), "hello", false},
		{"Text empty", tool.Text(""), "", false},
		{"ErrorText", tool.ErrorText("boom"), "boom", true},
		{"UseError", tool.UseError("No such tool available: X"),
			"<tool_use_error>No such tool available: X</tool_use_error>", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.res.IsError != tt.isError {
				t.Errorf("IsError = %v, want %v", tt.res.IsError, tt.isError)
			}
			if len(tt.res.Content) != 1 || tt.res.Content[0].Type != provider.BlockText {
				t.Fatalf("Content = %+v, want one text block", tt.res.Content)
			}
			if got := tt.res.TextOf(); got != tt.text {
				t.Errorf("TextOf() = %q, want %q", got, tt.text)
			}
		})
	}
}

func TestTextOf(t *testing.T) {
	image := provider.Block{Type: provider.BlockImage}
	tests := []struct {
		name string
		res  *tool.Result
		want string
	}{
		{"nil result", nil, ""},
		{"no content", &tool.Result{}, ""},
		{"text blocks are concatenated", &tool.Result{Content: []provider.Block{
			provider.TextBlock("a"), provider.TextBlock("b")}}, "ab"},
		{"other blocks are skipped", &tool.Result{Content: []provider.Block{
			provider.TextBlock("a"), image, provider.TextBlock("c")}}, "ac"},
	}
	for _, tt := range tests {
		if got := tt.res.TextOf(); got != tt.want {
			t.Errorf("%s: TextOf() = %q, want %q", tt.name, got, tt.want)
		}
	}
}
