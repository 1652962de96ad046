package proctree

import (
	"os"
	"os/exec"
	"testing"
)

func TestReadStat(t *testing.T) {
	st, ok := ReadStat(os.Getpid())
	if !ok || !st.Live() || st.PPid != os.Getppid() {
		t.Fatalf("ReadStat(self) = %+v, %v; want live with ppid %d", st, ok, os.Getppid())
	}
	// A comm with spaces and a ')' must not shift the fields.
	dir := t.TempDir()
	odd := dir + "/a) b (c"
	if err := os.Symlink("/bin/sleep", odd); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(odd, "5")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	st, ok = ReadStat(cmd.Process.Pid)
	if !ok || st.PPid != os.Getpid() {
		t.Fatalf("ReadStat(child) = %+v, %v; want ppid %d", st, ok, os.Getpid())
	}
	cmd.Process.Kill()
	cmd.Wait()
	if Alive(cmd.Process.Pid) {
		t.Fatal("a reaped child is reported alive")
	}
}
