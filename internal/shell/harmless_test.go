package shell

import "testing"

func TestHarmlessPathIsExact(t *testing.T) {
	for p, want := range map[string]bool{
		"/dev/null": true, "/dev/stdout": true, "/dev/stderr": true, "/dev/stdin": true,
		"/dev/fd/1": true, "/dev/fd/10": true, "//dev/./null": true,
		"/dev/fd/": false, "/dev/fd": false, "/dev/fd/1x": false, "/dev/fd/../../../home/u/.bashrc": false,
		"/dev/fd/../null": false, "/dev/null/..": false, "/dev/tty": false, "/dev/sda": false,
		"/proc/self/fd/1": false, "dev/null": false, "/dev/nullx": false,
	} {
		if got := HarmlessPath(p); got != want {
			t.Errorf("HarmlessPath(%q) = %v, want %v", p, got, want)
		}
	}
}
