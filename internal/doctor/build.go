package doctor

import (
	"fmt"
	"runtime"

	"corvid/internal/version"
)

// buildCheck says which corvid this is: version, commit, Go and target,
// and whether it is a static (cgo-free) binary.
func buildCheck() Check {
	commit, cgo := version.Build()
	if commit == "" {
		commit = "commit unknown"
	}
	linking := "static (CGO_ENABLED=0)"
	switch cgo {
	case "1":
		linking = "dynamically linked (built with cgo)"
	case "":
		linking = "linking unknown"
	}
	return Check{Name: "version", Status: StatusOK,
		Detail: fmt.Sprintf("%s, %s, %s %s/%s, %s", version.String(), commit, runtime.Version(),
			runtime.GOOS, runtime.GOARCH, linking)}
}
