//go:build !linux

package session

import (
	"errors"
	"os"
)

// fallocate is not available here: the writer goes on without a reserve.
func fallocate(*os.File, int64, int64) error {
	return errors.ErrUnsupported
}
