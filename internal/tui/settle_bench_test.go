//go:build linux

package tui

import (
	"syscall"
	"testing"

	tea "charm.land/bubbletea/v2"

	"corvid/internal/idlemem"
)

// BenchmarkKeystrokeAfterRelease is the cost of releasing the start-up
// pages, paid by the first keystroke after it: the keystroke's code and
// data are mapped back by minor faults (reported per keystroke). Compare
// with BenchmarkKeystrokeWhileStreaming, where everything is mapped.
func BenchmarkKeystrokeAfterRelease(b *testing.B) {
	m := benchModel(b)
	streamingTail(m)
	keys := []tea.KeyPressMsg{{Code: 'a', Text: "a"}, {Code: tea.KeyBackspace}}
	m.Update(keys[0])
	var faults int64
	i := 0
	for b.Loop() {
		b.StopTimer()
		if err := idlemem.ReleaseStartupPages(); err != nil {
			b.Fatal(err)
		}
		before := minorFaults(b)
		b.StartTimer()
		m.Update(keys[i%2])
		b.StopTimer()
		faults += minorFaults(b) - before
		b.StartTimer()
		i++
	}
	b.ReportMetric(float64(faults)/float64(b.N), "faults/op")
}

func minorFaults(b *testing.B) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return ru.Minflt
}
