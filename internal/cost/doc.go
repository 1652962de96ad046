// Package cost accounts tokens, money and time per model for one
// conversation: a Tracker accumulates them, renders the /cost report and
// saves or restores its whole state as a JSON-friendly snapshot.
package cost
