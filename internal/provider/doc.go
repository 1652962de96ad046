// Package provider is the neutral contract between corvid's engine and the
// model APIs it talks to: messages and content blocks in the Messages-API
// shape, requests, streamed events, usage, typed API errors and the retry
// policy shared by every adapter.
//
// It imports nothing of corvid's and no SDK; adapters (provider/anthropic)
// translate to and from it, and providertest fakes the wire it stands for.
package provider
