package shell

import "testing"

// TestAssignSubscript: an indexed array's subscript in an assignment is
// arithmetic, so a variable there evaluates its value as code (found by
// the differential harness: `x='a[$(rm f)]'; b[x]=1` ran rm).
func TestAssignSubscript(t *testing.T) {
	for _, c := range []string{"x='a[$(rm f)]'; b[x]=1", "b[$x]=1", "b=([x]=1)", "b=([$i]=1 2)",
		"b[i+1]=2; ls", "declare b[x]=1", "b[x]+=1"} {
		if ReadOnly(c) {
			t.Errorf("ReadOnly(%q) = true, want false", c)
		}
	}
	for _, c := range []string{"b[1]=1", "b=([0]=1 2)", "b=(1 2); ls", "b[0]=1; ls"} {
		if !ReadOnly(c) {
			t.Errorf("ReadOnly(%q) = false, want true", c)
		}
	}
}
