package tui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/colorprofile"

	"corvid/internal/app"
	"corvid/internal/cli"
	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/session"
)

// maxLogFile: a log that grew past this is started afresh.
const maxLogFile = 8 << 20

// Start is cli.Interactive: it wires the command line's options to the
// interface. Warnings and logs go to <config>/logs/tui.log, never to the
// screen.
func Start(ctx context.Context, s cli.InteractiveSetup) error {
	in, ok1 := s.Stdin.(*os.File)
	out, ok2 := s.Stdout.(*os.File)
	if !ok1 || !ok2 {
		return ErrNoTerminal
	}
	base := s.Options
	cfgDir, err := app.ConfigDir(base.Getenv)
	if err != nil {
		return err
	}
	logf, err := openLog(cfgDir)
	if err != nil {
		return err
	}
	defer logf.Close()
	base.Stderr, base.PartialMessages = logf, true
	o := Options{Open: opener(base), Prompt: s.Prompt, Cwd: base.Cwd, ConfigDir: cfgDir,
		Mode: permission.Mode(base.PermissionMode), AllowBypass: s.AllowBypass,
		Profile: profile(s.Stdout, base.Getenv)}
	if o.Mode == "" {
		o.Mode = permission.ModeDefault
	}
	if what := withheld(base); what != "" {
		o.TrustQuestion = what
		o.Trust = func() error { _, err := app.Trust(base.Getenv, base.Cwd, ""); return err }
	}
	o.Sessions = func() ([]session.Info, error) {
		return session.List(session.ProjectDir(cfgDir, base.Cwd), maxResumeChoices+1)
	}
	return Run(ctx, o, in, out, os.Environ())
}

// opener opens app conversations: "-" a new one, an id that session.
func opener(base app.Options) Opener {
	return func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Backend, error) {
		o := base
		o.Sink, o.Asker = sink, asker
		switch resume {
		case "":
		case "-":
			o.Resume, o.Continue, o.SessionID, o.ForkSession = "", false, "", false
		default:
			o.Resume, o.Continue, o.SessionID, o.ForkSession = resume, false, "", false
		}
		return app.Open(ctx, o)
	}
}

// withheld names what an untrusted repository's settings want but do
// not get ("" when nothing, or when the folder is trusted).
func withheld(o app.Options) string {
	st := app.Inspect(o)
	if st.Trusted || len(st.Withheld) == 0 {
		return ""
	}
	var what []string
	for _, n := range st.Withheld {
		what = append(what, fmt.Sprintf("%s (%s)", strings.Join(n.Ignored, ", "), n.Shown))
	}
	return strings.Join(what, "; ")
}

// profile is the terminal's colour profile; NO_COLOR turns colour off.
func profile(out any, getenv func(string) string) colorprofile.Profile {
	if getenv("NO_COLOR") != "" {
		return colorprofile.Ascii
	}
	f, ok := out.(*os.File)
	if !ok {
		return colorprofile.Ascii
	}
	return colorprofile.Detect(f, os.Environ())
}

func openLog(cfgDir string) (*os.File, error) {
	dir := filepath.Join(cfgDir, "logs")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("tui: creating the log directory: %w", err)
	}
	p := filepath.Join(dir, "tui.log")
	flags := os.O_CREATE | os.O_WRONLY | os.O_APPEND
	if st, err := os.Stat(p); err == nil && st.Size() > maxLogFile {
		flags |= os.O_TRUNC
	}
	f, err := os.OpenFile(p, flags, 0o600)
	if err != nil {
		return nil, fmt.Errorf("tui: opening the log: %w", err)
	}
	return f, nil
}
