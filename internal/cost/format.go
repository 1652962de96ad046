package cost

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// FormatCost renders a dollar amount: two decimals above fifty cents,
// four at or below, so small sessions still show a non-zero figure.
func FormatCost(usd float64) string {
	if usd > 0.5 {
		return fmt.Sprintf("$%.2f", usd)
	}
	return fmt.Sprintf("$%.4f", usd)
}

// FormatTokens renders a token count: exact below a thousand, otherwise
// with one decimal and a k (thousands) or m (millions) suffix.
func FormatTokens(n int) string {
	if n < 1000 {
		return strconv.Itoa(n)
	}
	k := math.Round(float64(n)/100) / 10 // thousands, one decimal
	if k < 1000 {
		return strconv.FormatFloat(k, 'f', 1, 64) + "k"
	}
	m := math.Round(float64(n)/100_000) / 10
	return strconv.FormatFloat(m, 'f', 1, 64) + "m"
}

// FormatDuration renders a duration in whole seconds and larger units:
// "0s", "12s", "6m 20s", "6h 33m 10s", and "1d 2h 3m" from a day on.
// Fractions of a second are dropped.
func FormatDuration(d time.Duration) string {
	if d < time.Second {
		return "0s"
	}
	total := int64(d / time.Second)
	days := total / 86400
	hours := total % 86400 / 3600
	minutes := total % 3600 / 60
	seconds := total % 60
	switch {
	case days > 0:
		return fmt.Sprintf("%dd %dh %dm", days, hours, minutes)
	case hours > 0:
		return fmt.Sprintf("%dh %dm %ds", hours, minutes, seconds)
	case minutes > 0:
		return fmt.Sprintf("%dm %ds", minutes, seconds)
	default:
		return fmt.Sprintf("%ds", seconds)
	}
}
