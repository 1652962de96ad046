package jsonschema

import "strings"

// fillObject reads the keywords about objects.
func fillObject(n *node, k keywords) error {
	r := &objectRules{}
	var err error
	if r.props, err = k.schemaMap("properties"); err != nil {
		return err
	}
	r.propNames = sortedKeys(r.props)
	if err := fillPatterns(r, k); err != nil {
		return err
	}
	if r.additional, err = k.schema("additionalProperties"); err != nil {
		return err
	}
	if r.additional != nil && r.additional.isBool && !r.additional.boolVal {
		r.allowed = allowedNames(r.propNames)
	}
	if r.names, err = k.schema("propertyNames"); err != nil {
		return err
	}
	if r.required, err = k.strings("required"); err != nil {
		return err
	}
	if r.minProps, err = k.count("minProperties"); err != nil {
		return err
	}
	if r.maxProps, err = k.count("maxProperties"); err != nil {
		return err
	}
	if err := fillDependencies(r, k); err != nil {
		return err
	}
	if r.props != nil || r.patterns != nil || r.additional != nil || r.names != nil || r.required != nil ||
		r.minProps >= 0 || r.maxProps >= 0 || r.depReq != nil || r.depSchemas != nil {
		n.obj = r
	}
	return nil
}

func fillPatterns(r *objectRules, k keywords) error {
	m, err := k.schemaMap("patternProperties")
	if err != nil {
		return err
	}
	for _, src := range sortedKeys(m) {
		r.patterns = append(r.patterns, patternProp{re: newPattern(src), n: m[src]})
	}
	return nil
}

// fillDependencies reads dependentRequired, dependentSchemas and the
// draft-07 dependencies, whose entries are either kind.
func fillDependencies(r *objectRules, k keywords) error {
	for _, key := range []string{"dependentRequired", "dependentSchemas", "dependencies"} {
		m, ok := k.m[key]
		if !ok {
			continue
		}
		deps, ok := m.(map[string]any)
		if !ok {
			return k.wrongType(key, "an object")
		}
		for _, name := range sortedKeys(deps) {
			if err := addDependency(r, k, key, name, deps[name]); err != nil {
				return err
			}
		}
	}
	return nil
}

func addDependency(r *objectRules, k keywords, key, name string, v any) error {
	if list, ok := v.([]any); ok && key != "dependentSchemas" {
		names, err := stringList(list, func() error {
			return schemaError(k.at, "%q entry %q must be an array of strings", key, name)
		})
		if err != nil {
			return err
		}
		r.depReq = append(r.depReq, dependency{key: name, names: names})
		return nil
	}
	if key == "dependentRequired" {
		return schemaError(k.at, "%q entry %q must be an array of strings", key, name)
	}
	n, err := k.c.compile(v, k.path(key, name))
	if err != nil {
		return err
	}
	r.depSchemas = append(r.depSchemas, dependency{key: name, n: n})
	return nil
}

// fillArray reads the keywords about arrays. prefixItems plus a schema
// items is the draft 2020-12 form; an array items plus additionalItems is
// the draft-07 one.
func fillArray(n *node, k keywords) error {
	r := &arrayRules{}
	var err error
	if r.prefix, err = k.schemaList("prefixItems"); err != nil {
		return err
	}
	if _, tuple := k.m["items"].([]any); tuple && r.prefix == nil {
		if r.prefix, err = k.schemaList("items"); err != nil {
			return err
		}
		r.items, err = k.schema("additionalItems")
	} else {
		r.items, err = k.schema("items")
	}
	if err != nil {
		return err
	}
	if err := fillArrayCounts(r, k); err != nil {
		return err
	}
	if r.prefix != nil || r.items != nil || r.contains != nil || r.unique || r.minItems >= 0 || r.maxItems >= 0 {
		n.arr = r
	}
	return nil
}

func fillArrayCounts(r *arrayRules, k keywords) error {
	var err error
	if r.contains, err = k.schema("contains"); err != nil {
		return err
	}
	if r.minContains, err = k.count("minContains"); err != nil {
		return err
	}
	if r.minContains < 0 {
		r.minContains = 1
	}
	if r.maxContains, err = k.count("maxContains"); err != nil {
		return err
	}
	if r.minItems, err = k.count("minItems"); err != nil {
		return err
	}
	if r.maxItems, err = k.count("maxItems"); err != nil {
		return err
	}
	r.unique, err = k.boolean("uniqueItems")
	return err
}

// allowedNames lists the declared property names for a message, capped.
func allowedNames(names []string) string {
	const most = 12
	var b strings.Builder
	for i, name := range names {
		if i == most {
			b.WriteString(", ...")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(quote(name))
	}
	return b.String()
}
