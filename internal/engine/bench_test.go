package engine

import (
	"fmt"
	"testing"
	"time"

	"corvid/internal/provider/providertest"
)

// BenchmarkParallelSafeTools: one message with 8 concurrency-safe tools of
// 100 ms each, then a final text. The tool phase should take ~100 ms, not
// 800 ms. Reports the wall time of the tool phase (first start to last
// end) and of the whole Submit.
func BenchmarkParallelSafeTools(b *testing.B) {
	var toolWall, total time.Duration
	for b.Loop() {
		var blocks []providertest.Block
		for i := range 8 {
			blocks = append(blocks, sleep(fmt.Sprintf("t%d", i), 100))
		}
		sc := providertest.Scenario{Turns: []providertest.Turn{{Blocks: blocks}, textTurn("done")}}
		f := fixtureOn(b, providertest.New(sc), nil)
		start := time.Now()
		res := f.eng.Submit(b.Context(), "go")
		total += time.Since(start)
		if res.IsError {
			b.Fatalf("result %+v", res)
		}
		toolWall += phase(f.log)
		f.srv.Close()
	}
	b.ReportMetric(float64(toolWall.Microseconds())/1000/float64(b.N), "tool-phase-ms")
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "submit-ms")
}

func phase(l *callLog) time.Duration {
	var first, last time.Time
	for id, s := range l.starts {
		if first.IsZero() || s.Before(first) {
			first = s
		}
		if e := l.ends[id]; e.After(last) {
			last = e
		}
	}
	return last.Sub(first)
}

// BenchmarkStreamingOverlap: SSE events 20 ms apart, three tool_use blocks.
// Reports how long after the server flushed the first block's
// content_block_stop the first tool started, and how long before
// message_stop it started (positive: while the message was still
// streaming).
func BenchmarkStreamingOverlap(b *testing.B) {
	var startLag, lead time.Duration
	for b.Loop() {
		sc := providertest.Scenario{Turns: []providertest.Turn{
			{Blocks: []providertest.Block{sleep("a", 1), sleep("b", 1), sleep("c", 1)}, ChunkDelay: 20 * time.Millisecond},
			textTurn("done"),
		}}
		f := fixtureOn(b, providertest.New(sc), nil)
		if res := f.eng.Submit(b.Context(), "go"); res.IsError {
			b.Fatalf("result %+v", res)
		}
		tl := f.srv.Timeline()[0]
		stop, _ := tl.MessageStop()
		started := f.log.starts["a"]
		startLag += started.Sub(tl.BlockStops()[0])
		lead += stop.Sub(started)
		if b.N == 1 || testing.Verbose() {
			b.Logf("block 0 stop flushed %s, tool a started %s (+%v), message_stop flushed %s (%v later)",
				tl.BlockStops()[0].Format("15:04:05.000000"), started.Format("15:04:05.000000"),
				started.Sub(tl.BlockStops()[0]), stop.Format("15:04:05.000000"), stop.Sub(started))
		}
		f.srv.Close()
	}
	b.ReportMetric(float64(startLag.Microseconds())/1000/float64(b.N), "start-after-block-stop-ms")
	b.ReportMetric(float64(lead.Microseconds())/1000/float64(b.N), "start-before-message-stop-ms")
}
