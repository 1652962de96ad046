package sdk

import (
	"cmp"
	"time"

	"github.com/google/uuid"

	"corvid/internal/event"
	"corvid/internal/provider"
	"corvid/internal/version"
)

// serviceTier is reported on every usage object; corvid does not ask for
// another tier.
const serviceTier = "standard"

// framer turns events into frames. It remembers the session id from the
// last system/init, because the other events do not carry it.
type framer struct {
	sessionID string
	newUUID   func() string
	now       func() time.Time
}

func newFramer(opts Options) *framer {
	f := &framer{newUUID: opts.NewUUID, now: opts.Now}
	if f.newUUID == nil {
		f.newUUID = uuid.NewString
	}
	if f.now == nil {
		f.now = time.Now
	}
	return f
}

// timestampLayout is the form of frame timestamps: UTC, milliseconds.
const timestampLayout = "2006-01-02T15:04:05.000Z"

func (f *framer) timestamp() string { return f.now().UTC().Format(timestampLayout) }

// frame returns the frame for ev, or false for events that have none
// (tool progress: Claude Code's tool_progress frames are optional, and some
// SDK versions reject message types they do not know).
func (f *framer) frame(ev event.Event) (any, bool) {
	if event.Nested(ev) {
		return f.sub(ev)
	}
	if p, ok := streamPayload(ev); ok {
		return f.stream(p), true
	}
	switch ev := ev.(type) {
	case event.Init:
		return f.init(ev), true
	case event.Assistant:
		return f.assistant(ev), true
	case event.ToolResult:
		return f.user(ev), true
	case event.Retry:
		return f.retry(ev), true
	case event.Notice:
		return f.notice(ev), true
	case event.Compacted:
		return CompactFrame{Type: TypeSystem, Subtype: SubtypeCompactBoundary, SessionID: f.sessionID,
			UUID: f.newUUID(), Metadata: CompactMetadata{Trigger: ev.Trigger, PreTokens: ev.PreTokens}}, true
	case event.Result:
		return f.result(ev), true
	case event.Status:
		return f.status(ev), true
	case event.PermissionDenied:
		return f.permissionDenied(ev), true
	case event.UserText:
		return f.userText(ev), true
	}
	if fr, ok := f.taskFrame(ev); ok { // tasks.go
		return fr, true
	}
	return f.hookFrame(ev)
}

// observe lets the framer track the session of an event it makes no
// frame for.
func (f *framer) observe(ev event.Event) {
	if in, ok := ev.(event.Init); ok {
		f.sessionID = in.SessionID
	}
}

// uuidOr returns id, or a fresh uuid when id is empty.
func (f *framer) uuidOr(id string) string {
	if id != "" {
		return id
	}
	return f.newUUID()
}

func (f *framer) init(ev event.Init) InitFrame {
	f.sessionID = ev.SessionID
	return InitFrame{
		Type: TypeSystem, Subtype: SubtypeInit,
		Cwd: ev.Cwd, SessionID: ev.SessionID,
		Tools: nonNil(ev.Tools), MCPServers: mcpServers(ev.MCPServers),
		Model: ev.Model, PermissionMode: ev.PermissionMode,
		SlashCommands: nonNil(ev.SlashCommands), APIKeySource: ev.APIKeySource,
		ClaudeCodeVersion: version.Surface, OutputStyle: cmp.Or(ev.OutputStyle, "default"),
		Agents: nonNil(ev.Agents), Skills: nonNil(ev.Skills), Plugins: []Plugin{},
		UUID: f.newUUID(),
	}
}

func (f *framer) assistant(ev event.Assistant) AssistantFrame {
	return AssistantFrame{
		Type: TypeAssistant,
		Message: APIMessage{
			ID: f.uuidOr(ev.MessageID), Type: "message", Role: provider.RoleAssistant,
			Model: ev.Model, Content: []provider.Block{ev.Block},
			Usage: messageUsage(ev.Usage),
		},
		SessionID: f.sessionID,
		UUID:      f.uuidOr(ev.UUID),
		Timestamp: f.timestamp(),
		Error:     ev.Error,
		Aborted:   ev.Aborted,
	}
}

func (f *framer) user(ev event.ToolResult) UserFrame {
	structured := ev.Structured
	if structured == nil {
		structured = blockText(ev.Block)
	}
	return UserFrame{
		Type:          TypeUser,
		Message:       provider.Message{Role: provider.RoleUser, Content: []provider.Block{ev.Block}},
		SessionID:     f.sessionID,
		UUID:          f.uuidOr(ev.UUID),
		Timestamp:     f.timestamp(),
		ToolUseResult: structured,
	}
}

// stream wraps a stream_event payload (see streamPayload).
func (f *framer) stream(payload any) StreamEventFrame {
	return StreamEventFrame{Type: TypeStreamEvent, Event: payload, SessionID: f.sessionID,
		UUID: f.newUUID()}
}

func (f *framer) retry(ev event.Retry) RetryFrame {
	var status *int
	if ev.Status != 0 {
		status = &ev.Status
	}
	return RetryFrame{
		Type: TypeSystem, Subtype: SubtypeAPIRetry,
		Attempt: ev.Attempt, MaxRetries: ev.MaxRetries,
		RetryDelayMS: ev.Delay.Milliseconds(), ErrorStatus: status, Error: ev.Category,
		SessionID: f.sessionID, UUID: f.newUUID(),
	}
}

func (f *framer) notice(ev event.Notice) InformationalFrame {
	return InformationalFrame{Type: TypeSystem, Subtype: SubtypeInformational,
		Content: ev.Text, Level: "info", SessionID: f.sessionID, UUID: f.newUUID()}
}

// blockText is the text of a tool_result block: its text blocks joined.
func blockText(b provider.Block) string {
	return provider.Message{Content: b.Content}.Text()
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// mcpServers is init's mcp_servers: name, status and scope of each server.
func mcpServers(in []event.MCPServer) []MCPServer {
	out := make([]MCPServer, 0, len(in))
	for _, s := range in {
		out = append(out, MCPServer{Name: s.Name, Status: s.Status, Source: s.Source})
	}
	return out
}
