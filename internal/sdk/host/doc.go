// Package host is the Agent SDK front end: `--input-format stream-json`.
// It reads NDJSON from the host process (user messages and control
// messages), drives one long-lived conversation turn by turn (one result
// per turn; messages that arrive mid-turn wait for the next one), and
// speaks the control protocol in both directions: the host initializes,
// interrupts and changes mode, model and thinking budget; corvid asks
// the host about permissions (can_use_tool) and runs the hooks the host
// registered (hook_callback).
//
// Output frames are the sdk package's stream-json frames; the control
// frames are this package's. One writer serialises both.
package host
