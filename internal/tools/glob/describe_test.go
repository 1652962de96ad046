package glob

import "testing"

func TestGlobBase(t *testing.T) {
	tests := []struct{ dir, pat, want string }{
		{"/r", "**/*.go", "/r"},
		{"/r", "src/**/*.ts", "/r/src"},
		{"/r", "../../etc/*", "/r/../../etc"},
		{"/r", "/etc/*", "/etc"},
		{"/r", "{../x,y}/*", "/"},
		{"/r", "main.go", "/r/main.go"},
	}
	for _, tt := range tests {
		if got := Base(tt.dir, tt.pat); got != tt.want {
			t.Errorf("Base(%q, %q) = %q, want %q", tt.dir, tt.pat, got, tt.want)
		}
	}
}
