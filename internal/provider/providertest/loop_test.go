package providertest

import "testing"

// A looping script answers run after run from its first turn, and never
// reports itself finished.
func TestLoopServesEveryRunFromTheStart(t *testing.T) {
	sc, _ := Builtin("hello")
	sc.Loop = true
	s := Start(t, sc)
	for i := range 3 {
		recs, err := stream(t, s, hello)
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		if got := assemble(t, recs).Message().Text(); got != "Hello from the fake API." {
			t.Fatalf("request %d: text %q", i, got)
		}
	}
	if v := s.Violations(); len(v) != 0 {
		t.Fatalf("violations %v", v)
	}
	select {
	case <-s.Finished():
		t.Fatal("a looping server reported itself finished")
	default:
	}

}
