// Package prompt assembles what corvid tells the model besides the
// conversation itself: the system prompt (identity, how to work, how to
// use the tools it has, the environment) and the reminders that open a
// conversation (instruction files, the date, git facts).
//
// The system prompt is built once per session and must stay byte-stable
// from request to request so that the API's prompt cache can reuse it:
// nothing volatile (times, counters, git status) belongs in it. Volatile
// facts go in the opening reminders instead, which become part of the
// first user message and so of the transcript: a resumed session replays
// them byte for byte.
package prompt
