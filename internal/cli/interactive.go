package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"corvid/internal/app"
	"corvid/internal/config"
	"corvid/internal/event"
	"corvid/internal/permission"
	"corvid/internal/provider"
	"corvid/internal/session"
)

// tuiExecutable is the program that holds the interactive interface. Its
// libraries (Bubble Tea, glamour, chroma) do a lot of work at package
// initialisation, so they are linked into it and never into corvid,
// which stays fast for --version, -p and the SDK hosts.
const tuiExecutable = "corvid-tui"

// maxTUILog: a log that grew past this is started afresh.
const maxTUILog = 8 << 20

// Conversation is what the interactive interface drives
// (*app.Conversation).
type Conversation interface {
	Submit(ctx context.Context, prompt []provider.Block) event.Result
	Interrupt()
	SetPermissionMode(m permission.Mode) error
	SetModel(name string) error
	Info() event.Init
	Messages() []provider.Message
	Close()
}

// InteractiveSetup is what the interactive front end is started with:
// the command line's decisions, already composed with app, so that the
// front end needs neither app nor cli.
type InteractiveSetup struct {
	// Prompt is the prompt argument, submitted at once ("" for none).
	Prompt string
	// Mode is the starting permission mode; AllowBypass lets the
	// interface switch to bypassPermissions.
	Mode        permission.Mode
	AllowBypass bool
	// Cwd is the working directory, ConfigDir corvid's state directory.
	Cwd, ConfigDir string
	Getenv         func(string) string
	Stdin          io.Reader
	Stdout         io.Writer
	// Open opens the conversation: resume "" as the command line says,
	// "-" a new one, else that session.
	Open func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Conversation, error)
	// TrustQuestion names what the untrusted repository's settings want
	// ("" when nothing needs trust); Trust records the trust.
	TrustQuestion string
	Trust         func() error
	// Sessions lists this directory's sessions, newest first.
	Sessions func() ([]session.Info, error)
	// Settings loads the merged settings as they stand now (after the
	// trust question) and what an untrusted repository was denied; Log
	// is the interface's log file.
	Settings func() (*config.Settings, []config.Notice, error)
	Log      io.Writer
	// AddDir validates a working directory as --add-dir would and adds
	// it to the conversations opened from then on (/add-dir).
	AddDir func(dir string) error
}

// Interactive runs the interactive interface. corvid-tui sets it; in
// corvid it is nil and corvid hands over to corvid-tui instead.
var Interactive func(ctx context.Context, s InteractiveSetup) error

var errNoTUI = errors.New("the interactive interface is the corvid-tui program, which was not found " +
	"beside corvid or on PATH (install it with go install corvid/cmd/corvid-tui, or use -p/--print)")

// interactive starts the interactive interface. Warnings go to
// <config>/logs/tui.log, never to the screen.
func (c *CLI) interactive(ctx context.Context, inv *invocation) outcome {
	if Interactive == nil {
		return outcome{err: execTUI(c.args)}
	}
	cwd, err := c.getwd()
	if err != nil {
		return outcome{err: fmt.Errorf("finding the working directory: %w", err)}
	}
	cfgDir, err := app.ConfigDir(c.getenv)
	if err != nil {
		return outcome{err: err}
	}
	logf, err := openTUILog(cfgDir)
	if err != nil {
		return outcome{err: err}
	}
	defer logf.Close()
	base := inv.opts
	base.Cwd, base.Getenv, base.Stderr, base.PartialMessages = cwd, c.getenv, logf, true
	dirs := &sessionDirs{cwd: cwd}
	s := InteractiveSetup{Prompt: inv.arg, Mode: permission.Mode(base.PermissionMode), AllowBypass: inv.allowBypass,
		Cwd: cwd, ConfigDir: cfgDir, Getenv: c.getenv, Stdin: c.Stdin, Stdout: c.Stdout, Open: opener(base, dirs),
		TrustQuestion: withheld(base), AddDir: dirs.add}
	if s.Mode == "" {
		s.Mode = permission.ModeDefault
	}
	s.Trust = func() error { _, err := app.Trust(c.getenv, cwd, ""); return err }
	s.Settings = func() (*config.Settings, []config.Notice, error) { return app.LoadSettings(base) }
	s.Log = logf
	s.Sessions = func() ([]session.Info, error) { return session.List(session.ProjectDir(cfgDir, cwd), 10) }
	return outcome{err: Interactive(ctx, s)}
}

// opener opens app conversations from the command line's options.
func opener(base app.Options, dirs *sessionDirs) func(context.Context, event.Sink, permission.Asker, string) (Conversation, error) {
	return func(ctx context.Context, sink event.Sink, asker permission.Asker, resume string) (Conversation, error) {
		o := base
		dirs.apply(&o)
		// The terminal UI redraws on a timer: deltas it falls behind on may
		// reach it merged.
		o.Sink, o.Asker, o.CoalesceDeltas = sink, asker, true
		if resume != "" {
			o.Resume, o.Continue, o.SessionID, o.ForkSession = resume, false, "", false
			if resume == "-" {
				o.Resume = ""
			}
		}
		conv, err := app.Open(ctx, o)
		if err != nil {
			return nil, err
		}
		return conv, nil
	}
}

// withheld names what an untrusted repository's settings want but do
// not get ("" when nothing, or when the directory is trusted).
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

// stateDirHint says what to do when corvid's state folder cannot be
// written: the session could save nothing (transcripts, history, logs).
const stateDirHint = "; corvid keeps its sessions there: make the folder writable, or set CORVID_CONFIG_DIR to a writable one"

func openTUILog(cfgDir string) (*os.File, error) {
	dir := filepath.Join(cfgDir, "logs")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("creating the log directory: %w%s", err, stateDirHint)
	}
	p := filepath.Join(dir, "tui.log")
	flags := os.O_CREATE | os.O_WRONLY | os.O_APPEND
	if st, err := os.Stat(p); err == nil && st.Size() > maxTUILog {
		flags |= os.O_TRUNC
	}
	f, err := os.OpenFile(p, flags, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening the log: %w%s", err, stateDirHint)
	}
	return f, nil
}

// terminal reports whether stdin and stdout are both terminals.
func (c *CLI) terminal() bool {
	if c.Terminal != nil {
		return c.Terminal()
	}
	return isTTY(c.Stdin) && isTTY(c.Stdout)
}
