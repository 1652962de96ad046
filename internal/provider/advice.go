package provider

import "fmt"

// Advice says what a user can do about a final (not retried) error. For
// transport failures it names the likely culprit (the base URL, the
// network, the certificate); it mentions retries only when some were made,
// and suggests --fallback-model only for overload, the one failure a
// fallback model helps with.
func (e *APIError) Advice() string {
	switch e.Category() {
	case "authentication_failed":
		return "check ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN"
	case "permission_denied":
		return "the credentials are valid but may not use this model or endpoint; check the key's permissions and --model"
	case "invalid_request":
		if e.PromptTooLong() {
			return "the conversation is longer than the model's context window; start a new session or compact it"
		}
		return "the request was rejected; check --model and the flags passed"
	case "overloaded":
		return e.afterRetries("the API is overloaded; try again later, or set --fallback-model")
	case "rate_limit":
		return e.afterRetries("the API is rate-limiting these credentials; wait a while and try again")
	case "server_error":
		return e.afterRetries("the API had a server error; try again later")
	case "connection_error":
		return e.afterRetries(e.connectionAdvice())
	}
	return ""
}

// afterRetries prefixes advice with the retries already spent, if any.
func (e *APIError) afterRetries(advice string) string {
	switch e.Retries {
	case 0:
		return advice
	case 1:
		return "still failing after 1 retry; " + advice
	}
	return fmt.Sprintf("still failing after %d retries; %s", e.Retries, advice)
}

// connectionAdvice matches a transport failure's cause.
func (e *APIError) connectionAdvice() string {
	switch {
	case e.Type == ErrTypeMalformed:
		return "the API sent a stream corvid could not read; if it persists, check any proxy or gateway in ANTHROPIC_BASE_URL"
	case e.Cause == CauseHostNotFound:
		return "the API host name does not resolve; check ANTHROPIC_BASE_URL for a typo, and the network's DNS"
	case e.Cause == CauseDNS:
		return "name resolution is failing; check the network connection and its DNS settings"
	case e.Cause == CauseRefused && e.Local:
		return "nothing is listening at that address; check ANTHROPIC_BASE_URL, or start the proxy or gateway it names"
	case e.Cause == CauseRefused:
		return "the server refused the connection; check ANTHROPIC_BASE_URL and any proxy settings (HTTPS_PROXY)"
	case e.Cause == CauseUnreachable:
		return "the network is unreachable; check the connection and any proxy settings (HTTPS_PROXY)"
	case e.Cause == CauseTLS:
		return "the TLS handshake failed; check the scheme of ANTHROPIC_BASE_URL (http or https) and that its certificate is trusted (SSL_CERT_FILE)"
	case e.Cause == CauseTimeout:
		return "the API did not answer in time; check the network, or raise API_TIMEOUT_MS"
	}
	return "the connection to the API failed; check the network and ANTHROPIC_BASE_URL"
}
