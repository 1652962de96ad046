package conformance

// Allowances are the differences between corvid and the recorded Claude
// Code that are known and explained; docs/compatibility.md lists each with
// its reason.
var Allowances = []Allowance{}
