package shell

import "testing"

func TestSafeSed(t *testing.T) {
	tests := []struct {
		script string
		want   bool
	}{
		{"s/a/b/", true},
		{"s/a/b/g", true},
		{"s|a/b|c|gI", true},
		{`s/a\/b/c/`, true},
		{"1d", true},
		{"$p", true},
		{"2,5d; s/x/y/", true},
		{"s/a/b/e", false},
		{"s/a/b/w out", false},
		{"1w out", false},
		{"r /etc/passwd", false},
		{"e ls", false},
		{"/re/d", false},
		{"s/a/b", false},
		{"y/ab/cd/", false},
	}
	for _, tt := range tests {
		if got := safeSedScript(tt.script); got != tt.want {
			t.Errorf("safeSedScript(%q) = %v, want %v", tt.script, got, tt.want)
		}
	}
}
