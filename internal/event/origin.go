package event

// Origin says which conversation published an event. Every event embeds
// one: the main conversation's events have the zero Origin; a sub-agent's
// events carry the Agent tool call that launched it, so a front end can
// nest them (stream-json writes parent_tool_use_id) or leave them out.
type Origin struct {
	// ParentToolUseID is the id of the Agent tool_use whose sub-agent
	// published the event ("" for the main conversation).
	ParentToolUseID string
	// AgentID is that sub-agent's id.
	AgentID string
}

// Source returns the event's origin.
func (o Origin) Source() Origin { return o }

// Nested reports whether ev was published by a sub-agent.
func Nested(ev Event) bool { return ev.Source().ParentToolUseID != "" }

// WithOrigin returns ev published on behalf of o: a sub-agent's sink
// passes its events to the parent's this way. An event that already has
// a parent (a sub-agent's own sub-agent) keeps it.
func WithOrigin(ev Event, o Origin) Event {
	if Nested(ev) {
		return ev
	}
	return ev.withOrigin(o)
}

func (e Init) withOrigin(o Origin) Event             { e.Origin = o; return e }
func (e Assistant) withOrigin(o Origin) Event        { e.Origin = o; return e }
func (e ToolResult) withOrigin(o Origin) Event       { e.Origin = o; return e }
func (e ToolProgress) withOrigin(o Origin) Event     { e.Origin = o; return e }
func (e Retry) withOrigin(o Origin) Event            { e.Origin = o; return e }
func (e Notice) withOrigin(o Origin) Event           { e.Origin = o; return e }
func (e Result) withOrigin(o Origin) Event           { e.Origin = o; return e }
func (e Compacted) withOrigin(o Origin) Event        { e.Origin = o; return e }
func (e HookStarted) withOrigin(o Origin) Event      { e.Origin = o; return e }
func (e HookResponse) withOrigin(o Origin) Event     { e.Origin = o; return e }
func (e Status) withOrigin(o Origin) Event           { e.Origin = o; return e }
func (e PermissionDenied) withOrigin(o Origin) Event { e.Origin = o; return e }
func (e UserText) withOrigin(o Origin) Event         { e.Origin = o; return e }
func (e MessageStart) withOrigin(o Origin) Event     { e.Origin = o; return e }
func (e BlockStart) withOrigin(o Origin) Event       { e.Origin = o; return e }
func (e Delta) withOrigin(o Origin) Event            { e.Origin = o; return e }
func (e BlockStop) withOrigin(o Origin) Event        { e.Origin = o; return e }
func (e MessageDelta) withOrigin(o Origin) Event     { e.Origin = o; return e }
func (e MessageStop) withOrigin(o Origin) Event      { e.Origin = o; return e }
func (e ToolStarted) withOrigin(o Origin) Event      { e.Origin = o; return e }
func (e ToolRunning) withOrigin(o Origin) Event      { e.Origin = o; return e }
func (e ToolFinished) withOrigin(o Origin) Event     { e.Origin = o; return e }
