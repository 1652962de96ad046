// Package workspace gathers what a conversation should know about the
// place it runs in: the instruction files (CLAUDE.md and friends, with
// their @imports) from the managed, user and project levels, files in
// subdirectories found later as tools touch them, a one-time snapshot of
// the git repository, and facts about the machine and shell.
package workspace
