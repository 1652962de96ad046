package shells

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"corvid/internal/spill"
)

// BenchmarkBackgroundLog measures how fast a background command's output
// reaches its log (bytes/s): 256 MiB from head, through the pipe and the
// manager's copy into the capped log (64 MiB).
func BenchmarkBackgroundLog(b *testing.B) {
	const size = 256 << 20
	m := New(Options{Spill: spill.NewBudget(spill.Limits{Reserve: 1})})
	defer m.Close(context.Background())
	b.SetBytes(size)
	for b.Loop() {
		dir := b.TempDir()
		info, err := m.Start(Spec{Command: "head -c 268435456 /dev/zero", Dir: dir, SessionDir: filepath.Join(dir, "s")})
		if err != nil {
			b.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		end, err := m.Wait(ctx, info.ID)
		cancel()
		if err != nil || end.ExitCode != 0 {
			b.Fatalf("%+v, %v", end, err)
		}
	}
}
