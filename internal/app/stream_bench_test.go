package app

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"corvid/internal/provider/providertest"
	"corvid/internal/sdk"
)

// BenchmarkPartialStream runs b.N turns of one conversation, each a
// 2,400-byte text answer streamed in 12-byte deltas (200 per turn), with
// partial messages rendered as stream-json to io.Discard: the path of
// every delta from the provider through the engine (and the event
// broker) to the frame. Run it with a fixed count (-benchtime=200x): the
// history grows with each turn. delta-ns is the time per delta.
func BenchmarkPartialStream(b *testing.B) {
	const deltas = 200
	text := strings.Repeat("abcdefghijk ", deltas)
	turns := make([]providertest.Turn, b.N)
	for i := range turns {
		turns[i] = providertest.Turn{Blocks: []providertest.Block{providertest.Text(text)}, ChunkSize: 12}
	}
	srv := providertest.Start(b, providertest.Scenario{Turns: turns, ForgetBodies: true})
	opts := baseOptions(fakeAPI(srv).with("CORVID_CONFIG_DIR", b.TempDir()))
	opts.Cwd, opts.Stderr, opts.NoSessionPersistence = b.TempDir(), &bytes.Buffer{}, true
	opts.PartialMessages = true
	w := sdk.NewStream(io.Discard, sdk.Options{})
	opts.Sink = w.Publish
	c, err := Open(b.Context(), opts)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if res := c.SubmitText(b.Context(), "go on"); res.IsError {
			b.Fatalf("turn %d: %+v", i, res)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*deltas), "delta-ns")
}
