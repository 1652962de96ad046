package jsonschema

// fillValue reads type, enum and const.
func fillValue(n *node, k keywords) error {
	if err := fillType(n, k); err != nil {
		return err
	}
	if v, ok := k.m["enum"]; ok {
		list, ok := v.([]any)
		if !ok {
			return k.wrongType("enum", "an array")
		}
		n.enum, n.hasEnum = list, true
	}
	if v, ok := k.m["const"]; ok {
		n.constVal, n.hasConst = v, true
	}
	return nil
}

func fillType(n *node, k keywords) error {
	v, ok := k.m["type"]
	if !ok {
		return nil
	}
	bad := func() error { return k.wrongType("type", "a type name or an array of them") }
	var names []string
	if s, ok := v.(string); ok {
		names = []string{s}
	} else {
		var err error
		if names, err = stringList(v, bad); err != nil {
			return err
		}
	}
	for _, name := range names {
		bit := typeBit(name)
		if bit == 0 {
			return schemaError(k.at, "unknown type %q", name)
		}
		n.types |= bit
	}
	n.typeList = names
	return nil
}

// typeBit is the bit of a type name; 0 if unknown.
func typeBit(name string) typeSet {
	for i, t := range typeNames {
		if t == name {
			return 1 << i
		}
	}
	return 0
}

// fillLogic reads allOf, anyOf, oneOf, not and if/then/else.
func fillLogic(n *node, k keywords) error {
	var err error
	if n.allOf, err = k.schemaList("allOf"); err != nil {
		return err
	}
	if n.anyOf, err = k.schemaList("anyOf"); err != nil {
		return err
	}
	if n.oneOf, err = k.schemaList("oneOf"); err != nil {
		return err
	}
	if n.not, err = k.schema("not"); err != nil {
		return err
	}
	if n.ifN, err = k.schema("if"); err != nil {
		return err
	}
	if n.thenN, err = k.schema("then"); err != nil {
		return err
	}
	n.elseN, err = k.schema("else")
	return err
}

// fillNumber reads the numeric bounds and multipleOf. The draft-04
// boolean forms of exclusiveMinimum/Maximum are ignored.
func fillNumber(n *node, k keywords) error {
	r := &numberRules{}
	var err error
	if r.min, err = k.number("minimum"); err != nil {
		return err
	}
	if r.max, err = k.number("maximum"); err != nil {
		return err
	}
	if _, draft4 := k.m["exclusiveMinimum"].(bool); !draft4 {
		if r.exclMin, err = k.number("exclusiveMinimum"); err != nil {
			return err
		}
	}
	if _, draft4 := k.m["exclusiveMaximum"].(bool); !draft4 {
		if r.exclMax, err = k.number("exclusiveMaximum"); err != nil {
			return err
		}
	}
	if r.multipleOf, err = k.number("multipleOf"); err != nil {
		return err
	}
	if r.multipleOf != nil && *r.multipleOf <= 0 {
		return schemaError(k.at, `"multipleOf" must be greater than 0`)
	}
	if *r != (numberRules{}) {
		n.num = r
	}
	return nil
}

// fillString reads minLength, maxLength and pattern.
func fillString(n *node, k keywords) error {
	r := &stringRules{}
	var err error
	if r.minLen, err = k.count("minLength"); err != nil {
		return err
	}
	if r.maxLen, err = k.count("maxLength"); err != nil {
		return err
	}
	src, ok, err := k.str("pattern")
	if err != nil {
		return err
	}
	if ok {
		r.pattern = newPattern(src)
	}
	if r.minLen >= 0 || r.maxLen >= 0 || r.pattern != nil {
		n.str = r
	}
	return nil
}
