package shell

// TableCompiled reports whether the command table has been compiled; it
// lets the tests check that start-up does not compile it.
func TableCompiled() bool { return specs != nil }
