// Package idlemem gives memory back to the system when a long-lived
// process goes idle.
//
// Two kinds of memory stay resident in an idle Go program that it no
// longer uses. The heap the collector has freed stays mapped until the
// runtime's scavenger slowly returns it; [ReturnHeap] returns it at once.
// And the pages of the executable that only start-up touched (package
// initialisers, flag parsing, configuration, opening the session) stay
// mapped for the life of the process, although nothing runs or reads
// them again; [ReleaseStartupPages] unmaps the executable's read-only
// pages once, after start-up, so that the pages the process goes on
// using come back on their next touch (minor faults from the page
// cache) and the rest stay out of its resident set. The writable data
// mapping is never touched: its written pages are the process's own.
package idlemem
