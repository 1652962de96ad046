// Package tui is corvid's interactive terminal front end: `corvid` with
// no -p on a terminal. It is a second front end on the long-lived
// conversation (app.Conversation), next to the Agent SDK host, and has no
// agent logic of its own: it submits prompts, renders the conversation's
// events and answers its permission questions.
//
// The layout is inline, not full-screen: finished messages are printed
// into the terminal's own scrollback (tea.Println) and only the live
// region (the streaming answer, running tools, the input box and the
// status line) is redrawn, with synchronized output. Streaming Markdown is
// re-rendered only for its unfinished tail, at most ~30 times a second,
// and only while something streams; nothing ticks while the session is
// idle.
//
// Its libraries (Bubble Tea, glamour, chroma) register a lot at package
// initialisation, so the package is linked only into the corvid-tui
// executable, never into corvid itself (see cmd/corvid-tui).
package tui
