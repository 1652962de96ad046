// Package session keeps conversations on disk as JSONL transcripts in the
// layout Claude Code uses: one file per session under
// <config>/projects/<encoded cwd>/<session id>.jsonl, one JSON entry per
// line, conversation entries linked into a tree by uuid and parentUuid.
//
// A Writer appends entries while a conversation happens (one write call
// per line, safe for concurrent use). It holds an exclusive flock on the
// transcript while it lives, so one process writes a session (Busy tells;
// LoadFinished reads a busy session up to its last finished turn, for a
// fork). A failed write or sync is remembered and ends the record: what
// is on disk stays a prefix of the conversation. Load reads a transcript back: it follows the live chain
// from the last conversation entry to its root, rebuilds the API messages
// and repairs them (Repair) so they can be sent again. Path, Find, Latest
// and List locate sessions; Fork copies a loaded history into a new one.
//
// The package depends only on the standard library, github.com/google/uuid
// and corvid/internal/provider.
package session
