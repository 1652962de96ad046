package version

import (
	"regexp"
	"testing"
)

func TestString(t *testing.T) {
	if got := String(); got != "2.1.330 (corvid 0.1.0)" {
		t.Errorf("String() = %q", got)
	}
	// SDK hosts parse the leading semver and require at least 2.0.0.
	if !regexp.MustCompile(`^[2-9]\.\d+\.\d+ `).MatchString(String()) {
		t.Errorf("String() %q does not lead with a 2.x+ semver", String())
	}
}
