package tui

import "errors"

var (
	// ErrNoTerminal is returned when the interactive interface is
	// started without a terminal on stdin and stdout.
	ErrNoTerminal = errors.New("tui: the interactive interface needs a terminal on stdin and stdout")
	// ErrPasteTooLarge refuses a paste beyond maxPaste.
	ErrPasteTooLarge = errors.New("tui: paste too large")
	// ErrOpen: the conversation could not be opened at start (a
	// --resume of a session that is not there or not readable, …); the
	// interface ends and corvid exits 1.
	ErrOpen = errors.New("could not start the conversation")
	// ErrClosed answers a permission question asked after the interface
	// has gone: the call is refused (fail closed).
	ErrClosed = errors.New("tui: the interface is closed")
)

var (
	// ErrStatusLineTimeout: the statusLine command ran past its time and
	// was killed (its process group whole).
	ErrStatusLineTimeout = errors.New("tui: the statusLine command timed out")
	// ErrStatusLineEmpty: the statusLine command printed nothing.
	ErrStatusLineEmpty = errors.New("tui: the statusLine command printed nothing")
)

// Errors of /permissions add and remove.
var (
	ErrRuleKind = errors.New("unknown rule kind")
	ErrNoRule   = errors.New("no rule given")
	ErrBusy     = errors.New("wait for the turn to end (or press esc) first")
	// ErrReopening refuses an edit while the conversation reopens after
	// the last one (the /permissions dialog).
	ErrReopening = errors.New("the conversation is reopening after the last change; try again in a moment")
	ErrNoDir     = errors.New("no directory given")
	ErrNoAddDir  = errors.New("this session cannot add working directories")
)

// ErrExists refuses to overwrite a file the user wrote (/init).
var ErrExists = errors.New("file exists")

// Errors of image paste (clipboard.go, image.go).
var (
	// ErrNoClipboardTool: no program that reads the clipboard's images
	// is installed (xclip, wl-paste, pngpaste, osascript).
	ErrNoClipboardTool = errors.New("tui: no clipboard program found")
	// ErrNoClipboardImage: the clipboard holds no image.
	ErrNoClipboardImage = errors.New("tui: no image in the clipboard")
	// ErrClipboardTooLarge: the clipboard's image is beyond the size an
	// image may have.
	ErrClipboardTooLarge = errors.New("tui: the clipboard's image is too large")
	// ErrClipboardTimeout: the clipboard program ran past its time.
	ErrClipboardTimeout = errors.New("tui: reading the clipboard timed out")
)

// errShellStopped is a `!` command the user stopped (esc or ctrl+c).
var errShellStopped = errors.New("interrupted by the user")
