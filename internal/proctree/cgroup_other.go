//go:build !linux

package proctree

import "syscall"

// Cgroup is not available here; a nil *Cgroup does nothing.
type Cgroup struct{}

// NewCgroup returns nil: there are no cgroups here.
func NewCgroup() *Cgroup { return nil }

// Apply does nothing.
func (*Cgroup) Apply(*syscall.SysProcAttr) {}

// Kill does nothing.
func (*Cgroup) Kill() {}

// Remove does nothing.
func (*Cgroup) Remove() {}
