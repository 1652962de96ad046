package jsonschema

// checkArray checks the array keywords.
func (s *state) checkArray(r *arrayRules, a []any) bool {
	ok := true
	if r.minItems >= 0 && len(a) < r.minItems {
		if !s.collect {
			return false
		}
		s.add("array has %d items, at least %d required", len(a), r.minItems)
		ok = false
	}
	if r.maxItems >= 0 && len(a) > r.maxItems && s.more(ok) {
		if !s.collect {
			return false
		}
		s.add("array has %d items, at most %d allowed", len(a), r.maxItems)
		ok = false
	}
	if s.more(ok) {
		ok = s.checkItems(r, a) && ok
	}
	if r.contains != nil && s.more(ok) {
		ok = s.checkContains(r, a) && ok
	}
	if r.unique && s.more(ok) {
		ok = s.checkUnique(a) && ok
	}
	return ok
}

// checkItems checks prefixItems (or tuple items) and items.
func (s *state) checkItems(r *arrayRules, a []any) bool {
	ok := true
	for i, item := range a {
		sub := r.items
		if i < len(r.prefix) {
			sub = r.prefix[i]
		} else if sub != nil && sub.isBool && !sub.boolVal {
			if s.collect {
				s.add("array has %d items, at most %d allowed", len(a), len(r.prefix))
			}
			return false
		}
		if sub == nil {
			break
		}
		ok = s.child(sub, item, "", i) && ok
		if !s.more(ok) {
			return false
		}
	}
	return ok
}

func (s *state) checkContains(r *arrayRules, a []any) bool {
	matches := 0
	for _, item := range a {
		if s.passes(r.contains, item) {
			matches++
		}
	}
	if s.fatal != nil {
		return false
	}
	switch {
	case matches < r.minContains:
		if s.collect {
			if matches == 0 {
				s.add(`array has no item matching the "contains" schema`)
			} else {
				s.add(`array has %d items matching the "contains" schema, at least %d required`,
					matches, r.minContains)
			}
		}
		return false
	case r.maxContains >= 0 && matches > r.maxContains:
		if s.collect {
			s.add(`array has %d items matching the "contains" schema, at most %d allowed`,
				matches, r.maxContains)
		}
		return false
	}
	return true
}

// checkUnique compares every pair: tool inputs hold short arrays.
func (s *state) checkUnique(a []any) bool {
	for i := range a {
		for j := i + 1; j < len(a); j++ {
			if equal(a[i], a[j]) {
				if s.collect {
					s.add("items %d and %d are equal, but the array must not repeat items", i, j)
				}
				return false
			}
		}
	}
	return true
}
