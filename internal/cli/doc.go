// Package cli is corvid's command line: Claude Code's flags on cobra, the
// print-mode (-p) front end that reads the prompt, runs it through app.Run
// and renders its events with package sdk, signal handling, and the one
// switch that maps outcomes to exit codes (exit.go).
//
// Only cmd/corvid imports cli; cli is the only importer of app.
package cli
