//go:build !linux

package proctree

import "syscall"

// SetSubreaper is not available here.
func SetSubreaper() error { return ErrUnsupported }

// Descendants cannot be listed without /proc.
func Descendants(int) []int { return nil }

// Signal finds no descendants here.
func Signal(int, syscall.Signal) int { return 0 }
