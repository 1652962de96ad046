// Package hookrun runs the hook handlers of settings files — command,
// http and prompt — as a hook.Runner, with Claude Code's contract: the
// hook input JSON on stdin (or as the POST body), exit 0 with JSON or
// plain text on stdout, exit 2 to block where the event can block,
// anything else a non-blocking error.
//
// A command runs in its own process group under a proctree supervisor,
// with a timeout (the matcher's, from the handler's "timeout"); on
// timeout or interrupt the whole group is killed, and when the command
// exits whatever it left in its group is killed too, so a hook that
// forks a background child neither hangs the session nor outlives it.
// Stdout and stderr are captured up to MaxOutput each; the rest is read
// and discarded. Every run is reported to an Observer (debug log,
// warnings, stream-json hook frames).
package hookrun
