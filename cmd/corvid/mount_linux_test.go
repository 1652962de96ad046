package main

import "syscall"

func mountTmpfs(dir, size string) error {
	return syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+size+",mode=0700")
}

func unmount(dir string) error { return syscall.Unmount(dir, syscall.MNT_DETACH) }
