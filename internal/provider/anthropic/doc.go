// Package anthropic is corvid's provider.Provider for the Anthropic
// Messages API, built on the official Go SDK.
//
// The SDK supplies the transport: base URL, authentication headers,
// anthropic-version, HTTP error decoding and SSE framing. Everything the
// engine sees is corvid's own: the request body is encoded from
// provider.Request with encoding/json (so blocks, tool schemas and
// signatures reach the wire exactly as corvid holds them), and each SSE
// event is decoded into a provider.Event with its raw JSON attached. The
// SDK's retries are off; provider.StreamWithRetry retries visibly instead.
// No SDK type crosses this package's API.
//
// Each request attempt runs under a watchdog: an idle limit on the wait
// for the headers and between events, and a total limit (Config). A cut
// attempt fails with a *TimeoutError cause, and transport failures are
// classified (provider.APIError.Cause) so the retry loop can give up at
// once on those a retry cannot fix.
package anthropic
