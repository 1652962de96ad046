package permission

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"corvid/internal/tool"
)

// kernelPathWorld is a scratch tree: a repository (the working
// directory) with a sub-directory and a link to a directory outside it,
// a home with a .bashrc, and that outside directory.
type kernelPathWorld struct {
	root, repo, home, outside string
}

func newKernelPathWorld(t *testing.T) kernelPathWorld {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w := kernelPathWorld{root: root, repo: filepath.Join(root, "repo"), home: filepath.Join(root, "home"),
		outside: filepath.Join(root, "outside")}
	for _, d := range []string{w.repo + "/sub", w.home, w.outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(w.home+"/.bashrc", []byte("# rc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../outside", w.repo+"/ext-link"); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w kernelPathWorld) check(t *testing.T, mode Mode, command string) Decision {
	t.Helper()
	allow := []RuleSource{{Text: "Bash(echo *)", Source: SourceCLI}, {Text: "Bash(cat *)", Source: SourceCLI}}
	eng, errs := New(Config{Tools: testTools(), Mode: mode, WorkDirs: []string{w.repo}, Home: w.home, Allow: allow})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	in, _ := json.Marshal(map[string]string{"command": command})
	return eng.Check(t.Context(), Request{Tool: &tool.Func{ToolName: "Bash"}, Input: in, WorkDir: w.repo})
}

// TestPathsResolvedAsTheKernelDoes: a redirection target or path argument
// is judged where the kernel will open it: through /dev/fd, /proc/self
// and symbolic links, with ".." applied after links. Only the exact
// harmless names are let through unchecked. -p has nobody to ask, so an
// ask is a deny whose reason names the unsafe part.
func TestPathsResolvedAsTheKernelDoes(t *testing.T) {
	w := newKernelPathWorld(t)
	rc := w.home + "/.bashrc"
	checkClass(t, w, []classCase{
		{"echo x > /dev/fd/../../.." + rc, false, rc},
		{"echo x >> /dev/fd/../../.." + rc, false, rc},
		{"echo x > /dev/fd/../../etc/x", false, "/proc/etc/x"},
		{"echo x > /dev/stdout/../../../.." + rc, false, "/proc/self/fd/1"},
		{"echo x > /proc/self/root" + rc, false, rc},
		{"echo x > /proc/thread-self/root" + rc, false, rc},
		{"cat /proc/self/root" + rc, false, rc},
		{"echo x > /proc/self/cwd/../outside/f", false, w.outside + "/f"},
		{"echo x > /proc/self/cwd/ext-link/f", false, w.outside + "/f"},
		{"cd sub && echo x > /proc/self/cwd/../../outside/f", false, "/proc/self/cwd"},
		{"echo x > /proc/1/cwd" + rc, false, "/proc/1/cwd"},
		{"echo x > /proc/1/root" + rc, false, "/proc/1/root"},
		{"echo x > /proc/$$/fd/../cwd/f", false, "only known at run time"},
		{"echo x > /dev/fd/3/../../cwd/f", false, "/proc/self/fd"},
		{"echo x > ext-link/f", false, w.outside + "/f"},
		{"echo x > ./ext-link/../../home/.bashrc", false, rc},
		// The harmless names, exactly.
		{"echo hi > /dev/null", true, ""},
		{"echo hi 2>/dev/stderr", true, ""},
		{"echo hi >/dev/stdout", true, ""},
		{"echo hi >/dev/fd/2", true, ""},
		{"echo hi >//dev/./null", true, ""},
	})
}

// TestProcSelfCwdIsTheShellsDirectory: inside the working directory
// through /proc/self/cwd resolves to the shell's directory, not corvid's.
func TestProcSelfCwdIsTheShellsDirectory(t *testing.T) {
	w := newKernelPathWorld(t)
	p, err := newFSPath("/proc/self/cwd/sub/f", w.repo)
	if err != nil || p.target != w.repo+"/sub/f" {
		t.Fatalf("got %+v, %v; want target %s/sub/f", p, err, w.repo)
	}
	if _, err := newFSPath("/proc/self/cwd/f", ""); err == nil {
		t.Fatal("/proc/self/cwd of an unknown process must not resolve")
	}
	if p, err := newFSPath("/dev/fd/../../..", ""); err != nil || p.target != "/" || p.link != "/" {
		t.Fatalf("/dev/fd/../../.. got %+v, %v", p, err)
	}
	if p, err := newFSPath("/dev/fd/..", ""); err != nil || p.target != procSelf || p.link != "/dev" {
		t.Fatalf("/dev/fd/.. is /proc/self to the kernel, /dev when cleaned: got %+v, %v", p, err)
	}
}

// TestKernelPathOracle runs the commands under real bash in a scratch
// directory and checks that the file appears where the analysis says the
// kernel writes it, and nowhere else the cleaned text would suggest.
func TestKernelPathOracle(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	w := newKernelPathWorld(t)
	cases := []struct{ written, self string }{
		{"/dev/fd/../../.." + w.outside + "/a", ""},
		{"/proc/self/root" + w.outside + "/c", ""},
		{"/proc/self/cwd/../outside/d", w.repo},
		{"/proc/self/cwd/ext-link/e", w.repo},
		{w.repo + "/ext-link/../home/f", ""},
	}
	for _, tc := range cases {
		p, err := newFSPath(tc.written, tc.self)
		if err != nil {
			t.Fatalf("%s: %v", tc.written, err)
		}
		cmd := exec.Command(bash, "--norc", "--noprofile", "-c", `echo x > "$1"`, "bash", tc.written)
		cmd.Dir = w.repo
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("bash: %s: %v: %s", tc.written, err, out)
		}
		got, err := os.Stat(p.target)
		if err != nil {
			t.Errorf("%s: the analysis says %s, but bash did not write it: %v", tc.written, p.target, err)
			continue
		}
		if other, err := os.Stat(p.link); err == nil && !os.SameFile(got, other) {
			t.Errorf("%s: bash wrote the cleaned form %s, a different file", tc.written, p.link)
		}
	}
}

// TestFileToolPathsResolvedAsTheKernelDoes: the file tools' paths go
// through the same resolution.
func TestFileToolPathsResolvedAsTheKernelDoes(t *testing.T) {
	w := newKernelPathWorld(t)
	rc := w.home + "/.bashrc"
	eng, errs := New(Config{Tools: testTools(), Mode: ModeAcceptEdits, WorkDirs: []string{w.repo}, Home: w.home})
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, tc := range []struct{ path, why string }{
		{"/dev/fd/../../.." + rc, rc},
		{"/proc/self/root" + rc, rc},
		{"/proc/self/cwd/x", "/proc/self/cwd"},
		{w.repo + "/ext-link/x", w.outside + "/x"},
	} {
		in, _ := json.Marshal(map[string]string{"file_path": tc.path, "content": "x"})
		d := eng.Check(t.Context(), Request{Tool: &tool.Func{ToolName: "Write"}, Input: in, WorkDir: w.repo})
		if d.Behavior == tool.PermissionAllow || !strings.Contains(d.Reason, tc.why) {
			t.Errorf("Write %s: %s (%s), want a refusal naming %s", tc.path, d.Behavior, d.Reason, tc.why)
		}
	}
}
