package provider

// Causes of transport failures, set by adapters on connection errors.
const (
	// CauseHostNotFound: the API host name does not resolve.
	CauseHostNotFound = "host_not_found"
	// CauseDNS: the resolver itself failed (timeout, unreachable server).
	CauseDNS = "dns_failure"
	// CauseRefused: the address actively refused the connection.
	CauseRefused = "connection_refused"
	// CauseUnreachable: no route to the network or host, or a connection
	// attempt that nobody answered.
	CauseUnreachable = "network_unreachable"
	// CauseTLS: the TLS handshake failed (untrusted or mismatched
	// certificate, or TLS spoken to a plain-HTTP server).
	CauseTLS = "tls_failure"
	// CauseTimeout: the API went silent (idle timeout) or the request ran
	// past its total timeout.
	CauseTimeout = "timeout"
)

// shortRetryBudget is how often a failure that waiting rarely cures (an
// unreachable network, a failing resolver, a remote refusal) is retried.
const shortRetryBudget = 2

// permanent reports transport failures that the same request sent again
// cannot fix: a host that does not exist, a local port nobody listens on,
// a certificate that is not trusted.
func (e *APIError) permanent() bool {
	switch e.Cause {
	case CauseHostNotFound, CauseTLS:
		return true
	case CauseRefused:
		return e.Local
	}
	return false
}

// RetryLimit is how many retries this failure deserves under a policy
// that allows n: none when it is not retryable, a short budget for
// failures that waiting rarely cures, else n.
func (e *APIError) RetryLimit(n int) int {
	switch {
	case !e.Retryable():
		return 0
	case e.Cause == CauseRefused, e.Cause == CauseUnreachable, e.Cause == CauseDNS:
		return min(n, shortRetryBudget)
	}
	return n
}
