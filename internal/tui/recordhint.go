package tui

import "corvid/internal/event"

// reasonTranscript is the terminal reason of a turn whose transcript
// could not be saved (the engine's transcript_error).
const reasonTranscript = "transcript_error"

// recordHint says what to do after the transcript could not be saved:
// the session refuses every later turn (the file must stay a prefix of
// the conversation), so the way on is a new session once the cause is
// fixed; the turns saved so far stay on disk.
func recordHint(r event.Result) string {
	if r.TerminalReason != reasonTranscript {
		return ""
	}
	return ". Nothing more of this session can be saved, so it takes no more prompts: free space or make corvid's " +
		"folder writable (CORVID_CONFIG_DIR), then /clear to start a new session or /resume to go on from what was saved"
}
