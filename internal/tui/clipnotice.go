package tui

// noClipboardNotice says why ctrl+v found no clipboard to read and what
// to do instead, when no clipboard program applies at all. Over ssh the
// clipboard is on the user's own computer, out of reach (unless ssh
// forwards X11, which sets DISPLAY); without a display server, xclip
// and wl-paste would have nothing to ask, so installing one is no
// answer. Text still pastes through the terminal either way.
func noClipboardNotice(goos string, getenv func(string) string) string {
	display := getenv("DISPLAY") != "" || getenv("WAYLAND_DISPLAY") != ""
	overSSH := getenv("SSH_CONNECTION") != "" || getenv("SSH_CLIENT") != "" || getenv("SSH_TTY") != ""
	switch {
	case goos == "darwin" || goos == "windows" || display:
		return "No image read: this system has no clipboard program corvid can use"
	case overSSH:
		return "No image read: over ssh the clipboard is on the computer you connected from. " +
			"Paste text with your terminal's paste; for an image, paste the path of an image file on this machine"
	}
	return "No image read: no display (DISPLAY or WAYLAND_DISPLAY) to read a clipboard from. " +
		"Paste text with your terminal's paste; for an image, paste the image file's path"
}
