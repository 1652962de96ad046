// Package deptest has no code: its test keeps corvid's import graph in the
// shape ARCHITECTURE.md §2 draws (who may import whom). Nothing imports it.
package deptest
