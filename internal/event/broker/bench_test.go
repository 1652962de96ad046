package broker

import (
	"io"
	"testing"

	"corvid/internal/event"
	"corvid/internal/sdk"
)

// BenchmarkDeltaDirect renders a text delta as a stream_event frame with
// no broker: the baseline for BenchmarkDeltaBroker.
func BenchmarkDeltaDirect(b *testing.B) {
	w := sdk.NewStream(io.Discard, sdk.Options{NewUUID: func() string { return "u" }})
	var ev event.Event = event.Delta{Kind: event.KindText, Text: "abcdefghijk "}
	b.ReportAllocs()
	for b.Loop() {
		w.Publish(ev)
	}
}

// BenchmarkDeltaBroker renders the same delta through a broker (queued,
// delivered by the subscriber's goroutine); every 64th event is a sync
// point, as an assistant block is in a real stream.
func BenchmarkDeltaBroker(b *testing.B) {
	w := sdk.NewStream(io.Discard, sdk.Options{NewUUID: func() string { return "u" }})
	br := New()
	defer br.Close()
	if err := br.Subscribe(w.Publish, Options{}); err != nil {
		b.Fatal(err)
	}
	var ev event.Event = event.Delta{Kind: event.KindText, Text: "abcdefghijk "}
	var sync event.Event = event.Notice{Text: "n"}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if i++; i%64 == 0 {
			br.Publish(sync)
		} else {
			br.Publish(ev)
		}
	}
	br.Sync()
}
