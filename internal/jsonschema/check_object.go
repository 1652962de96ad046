package jsonschema

// checkShape checks the keywords of the value's own type.
func (s *state) checkShape(n *node, v any) bool {
	switch x := v.(type) {
	case map[string]any:
		if n.obj != nil {
			return s.checkObject(n.obj, x)
		}
	case []any:
		if n.arr != nil {
			return s.checkArray(n.arr, x)
		}
	case string:
		if n.str != nil {
			return s.checkString(n.str, x)
		}
	case nil, bool:
	default:
		if n.num != nil {
			return s.checkNumber(n.num, v)
		}
	}
	return true
}

func (s *state) checkObject(r *objectRules, m map[string]any) bool {
	ok := s.checkPresence(r, m)
	if !s.more(ok) {
		return false
	}
	if s.collect {
		keys := sortedKeys(m)
		for _, k := range keys {
			ok = s.checkProperty(r, k, m[k]) && ok
			if !s.more(ok) {
				return false
			}
		}
	} else {
		for k, v := range m {
			if !s.checkProperty(r, k, v) {
				return false
			}
		}
	}
	for _, d := range r.depSchemas {
		if _, present := m[d.key]; present && s.more(ok) {
			ok = s.check(d.n, m) && ok
		}
	}
	return ok
}

// checkPresence checks the property counts, required and dependentRequired.
func (s *state) checkPresence(r *objectRules, m map[string]any) bool {
	ok := true
	if r.minProps >= 0 && len(m) < r.minProps {
		if !s.collect {
			return false
		}
		s.add("object has %d properties, at least %d required", len(m), r.minProps)
		ok = false
	}
	if r.maxProps >= 0 && len(m) > r.maxProps && s.more(ok) {
		if !s.collect {
			return false
		}
		s.add("object has %d properties, at most %d allowed", len(m), r.maxProps)
		ok = false
	}
	for _, name := range r.required {
		if _, present := m[name]; !present && s.more(ok) {
			if !s.collect {
				return false
			}
			s.add("missing required property %s", quote(name))
			ok = false
		}
	}
	for _, d := range r.depReq {
		if _, present := m[d.key]; !present {
			continue
		}
		for _, name := range d.names {
			if _, there := m[name]; !there && s.more(ok) {
				if !s.collect {
					return false
				}
				s.add("property %s is required when %s is present", quote(name), quote(d.key))
				ok = false
			}
		}
	}
	return ok
}

// checkProperty checks one property against properties,
// patternProperties, additionalProperties and propertyNames. A pattern RE2
// cannot compile covers the name but applies nothing.
func (s *state) checkProperty(r *objectRules, k string, v any) bool {
	ok, covered := true, false
	if sub, found := r.props[k]; found {
		covered = true
		ok = s.child(sub, v, k, -1)
	}
	for _, pp := range r.patterns {
		if !s.more(ok) {
			return false
		}
		re := pp.re.compiled()
		if re == nil {
			covered = true
		} else if re.MatchString(k) {
			covered = true
			ok = s.child(pp.n, v, k, -1) && ok
		}
	}
	if !covered && r.additional != nil && s.more(ok) {
		ok = s.checkAdditional(r, k, v) && ok
	}
	if r.names != nil && s.more(ok) {
		ok = s.checkName(r.names, k) && ok
	}
	return ok
}

func (s *state) checkAdditional(r *objectRules, k string, v any) bool {
	a := r.additional
	if !a.isBool || a.boolVal {
		return s.child(a, v, k, -1)
	}
	if s.collect {
		if r.allowed == "" {
			s.add("unexpected property %s (additionalProperties is false)", quote(k))
		} else {
			s.add("unexpected property %s (additionalProperties is false; allowed: %s)",
				quote(k), r.allowed)
		}
	}
	return false
}

// checkName checks a property name against propertyNames.
func (s *state) checkName(names *node, k string) bool {
	if s.passes(names, k) {
		return true
	}
	if s.collect && s.fatal == nil {
		msg := "does not match propertyNames"
		if p, found := s.firstProblem(names, k); found {
			msg = p.Message
		}
		s.add("property name %s is not allowed: %s", quote(k), msg)
	}
	return false
}
