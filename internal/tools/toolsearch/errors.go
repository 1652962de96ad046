package toolsearch

import "errors"

// ErrEmptyQuery is returned for an input without a query.
var ErrEmptyQuery = errors.New("query is empty: give keywords, or select:<tool name>[,<tool name>…]")
