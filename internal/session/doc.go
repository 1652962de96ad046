// Package session keeps conversations on disk as JSONL transcripts in the
// layout Claude Code uses: one file per session under
// <config>/projects/<encoded cwd>/<session id>.jsonl, one JSON entry per
// line, conversation entries linked into a tree by uuid and parentUuid.
//
// A Writer appends entries while a conversation happens (one write call
// per line, safe for concurrent use, failures returned and remembered but
// never fatal). Load reads a transcript back: it follows the live chain
// from the last conversation entry to its root, rebuilds the API messages
// and repairs them (Repair) so they can be sent again. Path, Find, Latest
// and List locate sessions; Fork copies a loaded history into a new one.
//
// The package depends only on the standard library, github.com/google/uuid
// and corvid/internal/provider.
package session
