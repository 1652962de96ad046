// Package doctor is corvid doctor: a checklist of what a run needs —
// the build, credentials, the API, the programs the tools run, writable
// directories with room, settings files that parse, the workspace's trust
// and the instruction files — each check a small function returning a
// Check. It reads and probes; the only thing it writes is a temporary file
// it removes at once, to prove a directory writable.
package doctor
