package bash

import (
	"path/filepath"
	"strconv"
	"testing"

	"corvid/internal/spill"
)

// BenchmarkCaptureSpill measures the throughput of output through the
// capture into its spill file (bytes/s): 32 KiB writes, as the pipe
// delivers them, of a stream below the 64 MiB cap (every byte saved) and
// of one four times over it (the tail keeps being dropped and moved).
func BenchmarkCaptureSpill(b *testing.B) {
	for _, size := range []int64{48 << 20, 256 << 20} {
		b.Run(strconv.FormatInt(size>>20, 10)+"MiB", func(b *testing.B) {
			chunk := make([]byte, 32<<10)
			for i := range chunk {
				chunk[i] = 'a' + byte(i%26)
			}
			b.SetBytes(size)
			for i := 0; b.Loop(); i++ {
				dir := b.TempDir()
				budget := spill.NewBudget(spill.Limits{Reserve: 1})
				path := filepath.Join(dir, "tool-results", "bench-"+strconv.Itoa(i)+".txt")
				c := newCapture(DefaultMaxOutput, func() (*spill.Writer, error) { return budget.Create(dir, path) })
				for n := int64(0); n < size; n += int64(len(chunk)) {
					c.write(chunk)
				}
				if out := c.result(); out.spillErr != nil {
					b.Fatal(out.spillErr)
				}
			}
		})
	}
}
