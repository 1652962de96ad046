package app

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
)

// entrypoint names how corvid was started (CLAUDE_CODE_ENTRYPOINT, as the
// Agent SDKs set it; "cli" otherwise).
func entrypoint(env environment) string {
	if e := env.str("CLAUDE_CODE_ENTRYPOINT"); e != "" {
		return e
	}
	return "cli"
}

// deviceID is the anonymous id of this installation that requests carry in
// metadata.user_id (Claude Code keeps a random one in its config): a hash
// of the host name and corvid's config directory, stable across runs and
// revealing neither.
func deviceID(env environment) string {
	host, _ := os.Hostname()
	dir, _ := configDir(env) // "" without a home: the id is still stable
	sum := sha256.Sum256([]byte("corvid device\x00" + host + "\x00" + dir))
	return hex.EncodeToString(sum[:])
}
