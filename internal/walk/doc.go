// Package walk lists the regular files of a directory tree in parallel and
// decides what to leave out the way ripgrep does: ignore files (.gitignore
// inside git repositories, .git/info/exclude, .ignore and .rgignore, those
// of the root's parent directories included), hidden names, version-control
// directories, and caller-supplied overrides (rg --glob) and filters
// (rg --type) with rg's precedence.
//
// Ignore files are read with git's pattern syntax by the package's own
// matcher (pattern.go, glob.go): negation, directory-only and anchored
// patterns, wildcards and classes, "**", escapes, last match wins. It is a
// leaf package; its one dependency is fastwalk. The search tools (Glob,
// Grep) import it.
package walk
