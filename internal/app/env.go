package app

import (
	"strconv"
	"strings"
)

// environment reads settings from environment variables.
type environment func(string) string

func (e environment) str(name string) string {
	if e == nil {
		return ""
	}
	return strings.TrimSpace(e(name))
}

// int reads a positive integer; anything else reads as 0 (unset).
func (e environment) int(name string) int {
	n, err := strconv.Atoi(e.str(name))
	if err != nil || n < 0 {
		return 0
	}
	return n
}

func (e environment) bool(name string) bool {
	switch strings.ToLower(e.str(name)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// first returns the first set variable of names.
func (e environment) first(names ...string) string {
	for _, n := range names {
		if v := e.str(n); v != "" {
			return v
		}
	}
	return ""
}
