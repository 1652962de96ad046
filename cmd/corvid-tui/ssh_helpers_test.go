package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// sshServer is a real OpenSSH server the test started on 127.0.0.1, as
// the current user, that lets in only the test's own key.
type sshServer struct {
	port      int
	key, user string
	cmd       *exec.Cmd
	exited    chan struct{}
	log       string
}

// requireSSH returns the paths of sshd, ssh and ssh-keygen; it skips
// when one is missing, unless CORVID_REQUIRE_SSH (set by .ci/run) says
// they must be there.
func requireSSH(t *testing.T) (sshd, ssh, keygen string) {
	t.Helper()
	requireTmux(t)
	var missing []string
	look := func(name string, also ...string) string {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
		for _, p := range also { // sbin is not on every PATH
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
		missing = append(missing, name)
		return ""
	}
	sshd, ssh, keygen = look("sshd", "/usr/sbin/sshd"), look("ssh"), look("ssh-keygen")
	if len(missing) > 0 {
		if os.Getenv("CORVID_REQUIRE_SSH") != "" {
			t.Fatalf("%s required (CORVID_REQUIRE_SSH) but not found", strings.Join(missing, ", "))
		}
		t.Skipf("%s not installed (apt-get install openssh-server; .ci/run installs it)", strings.Join(missing, ", "))
	}
	return sshd, ssh, keygen
}

// startSSHD starts sshd on a free port with a throwaway host key and an
// authorized key made for the test, and stops it, with every process
// of its sessions, when the test ends.
func startSSHD(t *testing.T, sshd, keygen string) *sshServer {
	t.Helper()
	dir := t.TempDir()
	u, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	s := &sshServer{key: filepath.Join(dir, "client_key"), user: u.Username, log: filepath.Join(dir, "sshd.log")}
	for _, k := range []string{"host_key", "client_key"} {
		if out, err := exec.Command(keygen, "-q", "-t", "ed25519", "-N", "", "-C", "corvid-test", "-f", filepath.Join(dir, k)).CombinedOutput(); err != nil {
			t.Fatalf("ssh-keygen: %v\n%s", err, out)
		}
	}
	pub, err := os.ReadFile(s.key + ".pub")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "authorized_keys"), pub, 0o600); err != nil {
		t.Fatal(err)
	}
	// sshd's privilege separation directory (Debian's package makes it
	// when its service starts, which it never did here).
	if err := os.MkdirAll("/run/sshd", 0o755); err != nil {
		if os.Getenv("CORVID_REQUIRE_SSH") != "" {
			t.Fatalf("sshd needs /run/sshd: %v", err)
		}
		t.Skipf("sshd needs /run/sshd, which cannot be made here: %v", err)
	}
	for attempt := 0; ; attempt++ {
		err := s.start(t, sshd, dir)
		if err == nil {
			break
		}
		if !errors.Is(err, errPortTaken) || attempt == 2 {
			b, _ := os.ReadFile(s.log)
			t.Fatalf("sshd: %v\n%s", err, b)
		}
	}
	t.Cleanup(func() { s.stop(t) })
	return s
}

var errPortTaken = errors.New("the port was taken")

// start runs sshd in the foreground on a port that was free a moment
// ago and waits until it listens.
func (s *sshServer) start(t *testing.T, sshd, dir string) error {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s.port = l.Addr().(*net.TCPAddr).Port
	l.Close()
	conf := filepath.Join(dir, "sshd_config")
	text := fmt.Sprintf(`Port %d
ListenAddress 127.0.0.1
HostKey %s
AuthorizedKeysFile %s
PidFile none
AllowUsers %s
UsePAM no
StrictModes no
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
AllowAgentForwarding no
AllowTcpForwarding no
X11Forwarding no
PermitUserEnvironment no
PrintMotd no
PrintLastLog no
UseDNS no
LogLevel VERBOSE
`, s.port, filepath.Join(dir, "host_key"), filepath.Join(dir, "authorized_keys"), s.user)
	if err := os.WriteFile(conf, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	logf, err := os.Create(s.log)
	if err != nil {
		t.Fatal(err)
	}
	defer logf.Close()
	s.cmd = exec.Command(sshd, "-D", "-e", "-f", conf) // sshd wants its absolute path
	s.cmd.Stdout, s.cmd.Stderr = logf, logf
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s.exited = make(chan struct{})
	go func() { _ = s.cmd.Wait(); close(s.exited) }()
	want := fmt.Sprintf("Server listening on 127.0.0.1 port %d", s.port)
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		b, _ := os.ReadFile(s.log)
		select {
		case <-s.exited:
			if strings.Contains(string(b), "Address already in use") {
				return errPortTaken
			}
			return fmt.Errorf("exited before it listened")
		default:
		}
		if strings.Contains(string(b), want) {
			return nil
		}
	}
	s.kill()
	return errors.New("not listening after 30 s")
}

// stop ends every process of sshd's sessions, then sshd itself.
func (s *sshServer) stop(t *testing.T) {
	for _, pid := range descendants(s.cmd.Process.Pid) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
	s.kill()
	if t.Failed() {
		b, _ := os.ReadFile(s.log)
		t.Logf("sshd log:\n%s", b)
	}
}

func (s *sshServer) kill() {
	_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGTERM)
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
		_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		<-s.exited
	}
}

// command is the ssh command line that runs remote (a shell command) on
// the server with a terminal, as a user would.
func (s *sshServer) command(ssh, remote string) string {
	return strings.Join([]string{ssh, "-tt", "-F", "/dev/null", "-p", fmt.Sprint(s.port),
		"-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
		"-o", "LogLevel=ERROR", "-i", s.key, s.user + "@127.0.0.1", shellQuote(remote)}, " ")
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
