package tui

import (
	"context"
	"io"
	"os"
	"sync"
	"time"

	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"corvid/internal/permission"
	"corvid/internal/session"
)

// Options configure the interface.
type Options struct {
	// Open opens the conversation (after the trust question, if any).
	Open Opener
	// Prompt is a first prompt to submit at once ("" for none).
	Prompt string
	// Cwd is the working directory; ConfigDir corvid's state directory
	// (the prompt history lives under it).
	Cwd, ConfigDir string
	// Mode is the starting permission mode; AllowBypass lets Shift+Tab
	// reach bypassPermissions (started with it allowed).
	Mode        permission.Mode
	AllowBypass bool
	// TrustQuestion, when set, is asked before the conversation opens:
	// the repository's settings want powers that need trust. Trust
	// records the answer yes.
	TrustQuestion string
	Trust         func() error
	// Sessions lists the directory's sessions for /resume.
	Sessions func() ([]session.Info, error)
	// AddDir adds a working directory for the session (/add-dir); the
	// conversation is then reopened with it.
	AddDir func(dir string) error
	// Profile is the colour profile (Ascii when NO_COLOR is set).
	Profile colorprofile.Profile
	// Shell runs `!` commands ("bash" when empty).
	Shell string
	// Width is the starting width until the terminal reports one.
	Width int

	// Settings reads the settings keys the interface uses itself (the
	// statusLine command, preferredNotifChannel) when the conversation
	// opens, after the trust question; Getenv reads the environment
	// (TERM_PROGRAM, TMUX: the notification channel); Log takes what must
	// not reach the screen (a statusLine command's stderr).
	Settings func() Settings
	Getenv   func(string) string
	Log      io.Writer

	// statusTimeout replaces statusTimeout (tests only).
	statusTimeout time.Duration
	// onPrint and onView see what is printed and drawn (tests only).
	onPrint, onView func(string)
	// takePaste resolves a paste lifted out of the input (pastein.go).
	takePaste func(string) string
	// termSuspend (set by Run) hands the terminal to another program
	// and returns it with a function that takes it back; suspend adds
	// the pausing of the input reader (memory.go).
	termSuspend, suspend func() (in, out *os.File, resume func(), err error)
	// afterFunc replaces time.AfterFunc for the statusLine's refresh
	// timer (tests only); it returns the timer's stop.
	afterFunc func(time.Duration, func()) func() bool
	// now is the clock (time.Now when nil).
	now func() time.Time
	// settle gives memory back at each transition to idle (settle.go;
	// set by Run, nil in tests).
	settle func()
}

// model is the Bubble Tea model. Its methods run on the program's
// goroutine only; the conversation runs on the goroutines the Cmds start.
type model struct {
	o   Options
	ctx context.Context
	br  *bridge
	// conv is nil until opened (and while /clear or /resume reopens it).
	conv Backend
	// early holds the slash commands typed while conv was nil (early.go).
	early []string
	// reloading: the conversation being opened is the one on screen,
	// reopened so that settings just written take effect.
	reloading bool

	width int
	input textarea.Model
	hist  *history
	// search is ctrl+r's history search while it is open.
	search *histSearch
	vim    vim
	// shortcuts: ? showed the keys under the input box (shortcuts.go).
	shortcuts bool
	pastes    pastes
	// img are the images attached to the input (image.go).
	img images

	busy    bool
	turnCtx context.CancelFunc
	// turns counts running Submit goroutines, so Run can wait for them
	// before closing the conversation.
	turns *sync.WaitGroup
	queue []string
	// shellNotes are `!` commands run since the last prompt; they go to
	// the model with the next one.
	shellNotes []string
	// sh is the `!` command running now (shelljob.go).
	sh *shellJob
	// fallback is the session to reopen when the one asked for by
	// /resume or /clear does not open (reopenfail.go).
	fallback string
	// openErr: the first conversation did not open; Run returns it.
	openErr error

	stream stream
	tools  []*toolRun
	dialog dialog
	// asks are permission questions waiting behind the open dialog.
	asks []askMsg
	menu *menu
	// files are the working directory's files for @ completion (nil
	// until listed); wantFiles asks for the listing, listing says it
	// runs; filesStale: list again (a new @word began), showing these
	// meanwhile.
	files                          []string
	wantFiles, listing, filesStale bool
	// custom are the conversation's custom commands and skills, for the
	// menu (the conversation runs them).
	custom []command

	mode      permission.Mode
	modelName string
	costUSD   float64
	ctxTokens int
	// printedText tells a local command's result (no assistant text this
	// turn) from a model's answer.
	printedText bool

	// outbox holds prints not yet handed to the program; printing is set
	// while a batch is in flight.
	outbox []string
	// scr draws the live region (nil: nothing is drawn).
	scr     *screen
	drawErr error

	// expanded: ctrl+o shows tool output whole; lastCollapsed is the
	// last output shown collapsed.
	expanded      bool
	lastCollapsed *collapsedOutput

	notice     string
	lastEsc    time.Time // the first of an Esc Esc (rewind.go)
	ctrlCArmed bool
	typedAt    time.Time // the last character typed (dialogguard.go)
	killed     string    // the text the last emacs delete key removed (killring.go)
	spinning   bool
	spinFrame  int
	md         *markdown
	quitting   bool
	started    time.Time

	// light: the terminal's background is light (palette.go).
	light bool
	// modeChosen: the user set mode with Shift+Tab (mode.go).
	modeChosen bool

	// ext and status: settings the interface reads itself, focus and
	// notifications (extras.go), the statusLine command (statusline.go).
	ext    extras
	status statusState

	// taskList: background tasks and sub-agents' activity (tasks.go).
	taskList tasks
}

func newModel(ctx context.Context, o Options, br *bridge) *model {
	if o.now == nil {
		o.now = time.Now
	}
	if o.Width <= 0 {
		o.Width = 80
	}
	m := &model{o: o, ctx: ctx, br: br, width: o.Width, mode: o.Mode, started: time.Now(), turns: &sync.WaitGroup{}}
	if m.mode == "" {
		m.mode = permission.ModeDefault
	}
	m.light = o.Getenv != nil && lightBackground(o.Getenv("COLORFGBG"))
	m.input = newEditor(m.width)
	m.hist = loadHistory(o.ConfigDir, o.Cwd)
	m.md = newMarkdown(o.Profile)
	m.md.setWidth(m.width)
	return m
}

// Init asks the trust question or opens the conversation.
func (m *model) Init() tea.Cmd {
	defer m.render() // the first paint, before anything else happens
	if m.o.TrustQuestion != "" {
		m.dialog = newTrustDialog(m.o.TrustQuestion)
		return m.probeTmuxColours()
	}
	return tea.Batch(m.open(""), m.probeTmuxColours())
}

// open opens (or reopens) the conversation in the background.
func (m *model) open(resume string) tea.Cmd {
	br, ctx, open := m.br, m.ctx, m.o.Open
	return func() tea.Msg {
		conv, err := open(ctx, br.sink, br, resume)
		return openedMsg{conv: conv, err: err}
	}
}

// openedMsg reports the conversation opened (or why not).
type openedMsg struct {
	conv Backend
	err  error
}

// turnDoneMsg is the turn boundary: Submit returned.
type turnDoneMsg struct{}
