package hookrun

import "syscall"

// procAttr starts a command in its own process group; it gets SIGTERM
// when corvid dies (its supervisor then stops the whole tree).
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
}
