package engine

import (
	"corvid/internal/event"
	"corvid/internal/provider"
)

// partialEvent is the typed streaming event for a provider event, before
// the assembler folds it in (usage is cumulative: the assembler's so far
// merged with the event's). ok is false for events that have none (pings,
// retries, delta kinds corvid does not carry) and for block stops, which
// are published after the block's event.Assistant (see stopEvent).
func partialEvent(ev provider.Event, asm *provider.Assembler) (event.Event, bool) {
	switch ev.Type {
	case provider.EventMessageStart:
		return event.MessageStart{MessageID: ev.MessageID, Model: ev.Model, Usage: asm.Usage().Merge(ev.Usage)}, true
	case provider.EventBlockStart:
		return blockStart(ev), true
	case provider.EventBlockDelta:
		k, ok := event.DeltaKindOf(ev.Delta.Type)
		return event.Delta{Index: ev.Index, Kind: k, Text: ev.Delta.Text}, ok
	case provider.EventMessageDelta:
		return event.MessageDelta{StopReason: ev.StopReason, StopSequence: ev.StopSequence,
			Usage: asm.Usage().Merge(ev.Usage)}, true
	case provider.EventMessageStop:
		return event.MessageStop{Usage: asm.Usage().Merge(ev.Usage)}, true
	}
	return nil, false
}

func blockStart(ev provider.Event) event.BlockStart {
	bs := event.BlockStart{Index: ev.Index, Type: provider.BlockText}
	if b := ev.Block; b != nil {
		bs.Type, bs.ToolUseID, bs.ToolName, bs.Data = b.Type, b.ID, b.Name, b.Data
		bs.Text = b.Text + b.Thinking
	}
	return bs
}

// publishPartial publishes ev's streaming event, when partial messages
// were asked for.
func (s *streamer) publishPartial(ev provider.Event) {
	if !s.pol.PartialMessages {
		return
	}
	if pe, ok := partialEvent(ev, s.asm); ok {
		s.e.publish(pe)
	}
}

// publishStop publishes a block's stop, after its event.Assistant, as
// Claude Code orders them.
func (s *streamer) publishStop(ev provider.Event, b provider.Block) {
	if s.pol.PartialMessages {
		s.e.publish(event.BlockStop{Index: ev.Index, Type: b.Type})
	}
}
