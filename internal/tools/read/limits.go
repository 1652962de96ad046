package read

import (
	"os"
	"strconv"
)

const (
	// defaultLines is how many lines a read shows when no limit is given.
	defaultLines = 2000
	// maxWholeBytes caps the text a whole-file read returns.
	maxWholeBytes = 256 << 10
	// defaultMaxTokens caps any text read; maxTokensEnv overrides it.
	defaultMaxTokens = 25000
	maxTokensEnv     = "CLAUDE_CODE_FILE_READ_MAX_OUTPUT_TOKENS"
	// bytesPerToken is the rough size of a token, for estimating.
	bytesPerToken = 4
	// countLimit: after showing a page, the rest of a file up to this size
	// is scanned to report its total line count; bigger files report -1.
	countLimit = 32 << 20
)

// maxTokens is the token budget of one read.
func maxTokens() int {
	if n, err := strconv.Atoi(os.Getenv(maxTokensEnv)); err == nil && n > 0 {
		return n
	}
	return defaultMaxTokens
}
