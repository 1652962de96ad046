package shells

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// BenchmarkJob is one foreground command (`true`) as the Bash tool runs
// it: under the supervisor on Linux, until the shell's status is known
// (when the call can return) and then until the supervisor is gone.
// Compare BenchmarkDirect for the cost of the supervisor (here: this test
// binary re-executed; corvid's start-up figures are in bench/README.md).
func BenchmarkJob(b *testing.B) {
	shell, out := FindShell(""), devNull(b)
	for b.Loop() {
		j, err := StartJob(shell, "true", b.TempDir(), nil, out, time.Second)
		if err != nil {
			b.Fatal(err)
		}
		<-j.Exited()
		b.StopTimer()
		<-j.Done()
		b.StartTimer()
	}
}

// BenchmarkDirect is the same command started directly.
func BenchmarkDirect(b *testing.B) {
	shell, out := FindShell(""), devNull(b)
	for b.Loop() {
		cmd := exec.Command(shell, "-c", "true")
		cmd.Stdout, cmd.Stderr = out, out
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
	}
}

func devNull(b *testing.B) *os.File {
	f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { f.Close() })
	return f
}
