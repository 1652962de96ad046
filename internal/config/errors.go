package config

import (
	"errors"
	"fmt"
	"strings"
)

// errTooLarge reports a file over its size limit.
var errTooLarge = errors.New("file too large")

// ErrMalformed is returned by AddRule for a settings file it cannot edit
// safely (it does not parse, or the permissions key has another shape).
var ErrMalformed = errors.New("settings file cannot be edited")

// ErrNotLoaded is what every LoadError wraps: a settings file could not
// be loaded, so its deny and ask rules are unknown and nothing may run.
var ErrNotLoaded = errors.New("settings could not be loaded")

// Failure is one settings file that could not be loaded: unreadable, too
// large, malformed, or holding a policy key of the wrong type.
type Failure struct {
	Source Source
	// Path is the file's absolute path; "" for inline --settings JSON.
	Path string
	// Problem says what is wrong, with the name to show and, for a
	// syntax error, the position.
	Problem
}

// LoadError lists the settings files Load could not load. Load returns
// no Settings with it: a run must stop, or — for files the user may
// leave out (Skippable) — ask the user and load again with those files
// in Options.Without.
type LoadError struct {
	Failures []Failure
}

// Error names every file and its problem.
func (e *LoadError) Error() string {
	const lead = "cannot load settings (corvid does not run without a file's deny and ask rules; fix the file or move it aside)"
	if len(e.Failures) == 1 {
		return lead + ": " + e.Failures[0].Problem.Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s:", lead)
	for _, f := range e.Failures {
		b.WriteString("\n  " + f.Problem.Error())
	}
	return b.String()
}

// Unwrap makes errors.Is(err, ErrNotLoaded) true.
func (e *LoadError) Unwrap() error { return ErrNotLoaded }

// Skippable reports whether the user may choose to go on without every
// failed file: none of them is managed or the --settings value, which
// an administrator or the command line imposes.
func (e *LoadError) Skippable() bool {
	for _, f := range e.Failures {
		if !skippable(f.Source) || f.Path == "" {
			return false
		}
	}
	return true
}

// Paths lists the failed files' paths, for Options.Without.
func (e *LoadError) Paths() []string {
	var out []string
	for _, f := range e.Failures {
		if f.Path != "" {
			out = append(out, f.Path)
		}
	}
	return out
}

// skippable reports whether a layer's file may be left out by choice.
func skippable(s Source) bool {
	return s == SourceUser || s == SourceProject || s == SourceLocal
}

// ErrRuleNotFound is returned by RemoveRule when the file does not list
// the rule.
var ErrRuleNotFound = errors.New("rule not found in the settings file")
