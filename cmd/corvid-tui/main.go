// Command corvid-tui is corvid's interactive terminal interface. corvid
// hands over to it when it runs with no -p on a terminal; it takes the
// same flags. It is a program of its own so that the interface's
// libraries, which do heavy work at package initialisation, never slow
// corvid --version, -p or the SDK hosts.
package main

import (
	"context"
	"os"
	"runtime"

	"corvid/cmd/corvid-tui/internal/tmuxenv"
	"corvid/internal/cli"
	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/tui"
)

func main() {
	tmuxenv.Restore() // hidden from the package initialisers (see tmuxenv)
	// Setting GOMAXPROCS stops the runtime from re-reading the CPU limit
	// (cgroup files and affinity) every second: an idle session wakes
	// for nothing.
	runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	cli.Interactive = start
	os.Exit(cli.Main())
}

// start runs the interface on what the command line composed.
func start(ctx context.Context, s cli.InteractiveSetup) error {
	in, ok1 := s.Stdin.(*os.File)
	out, ok2 := s.Stdout.(*os.File)
	if !ok1 || !ok2 {
		return tui.ErrNoTerminal
	}
	o := tui.Options{Prompt: s.Prompt, Cwd: s.Cwd, ConfigDir: s.ConfigDir, Mode: s.Mode, AllowBypass: s.AllowBypass,
		TrustQuestion: s.TrustQuestion, Trust: s.Trust, Sessions: s.Sessions, AddDir: s.AddDir, Profile: tui.Profile(out, s.Getenv),
		Getenv: s.Getenv, Log: s.Log, Settings: settings(s)}
	o.Open = func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (tui.Backend, error) {
		conv, err := s.Open(ctx, sink, asker, resume)
		if err != nil {
			return nil, err
		}
		return conv, nil
	}
	return tui.Run(ctx, o, in, out, os.Environ())
}

// settings reads the interface's own settings keys; settings that fail
// to load give none (the conversation reports the failure itself).
func settings(s cli.InteractiveSetup) func() tui.Settings {
	return func() tui.Settings {
		if s.Settings == nil {
			return tui.Settings{}
		}
		set, notices, err := s.Settings()
		if err != nil || set == nil {
			return tui.Settings{}
		}
		var withheld []string
		for _, n := range notices {
			withheld = append(withheld, n.Ignored...)
		}
		return tui.ReadSettings(set.Lookup, withheld)
	}
}
