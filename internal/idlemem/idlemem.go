package idlemem

import (
	"runtime/debug"
	"sync"
)

// ReturnHeap collects garbage and returns the freed heap to the system.
// It costs one collection (a few milliseconds for a small heap), so it
// belongs at a transition to idle, never on a timer.
func ReturnHeap() { debug.FreeOSMemory() }

// Settler returns the function to call at each transition to idle: it
// returns the heap every time and releases the start-up pages the first
// time only (after that, what is mapped is what the session uses).
// Concurrent calls are safe.
func Settler() func() {
	return settler(ReturnHeap, func() { _ = ReleaseStartupPages() }) // best effort: nothing is lost when it fails
}

func settler(returnHeap, release func()) func() {
	var once sync.Once
	return func() {
		returnHeap()
		once.Do(release)
	}
}
