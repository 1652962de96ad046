package config

import "encoding/json"

// unique fails when the object obj (standard JSON) names a key twice,
// since JSON keeps only the last: a second "deny" would silently drop
// the first. prefix is the object's own key ("" for the top level);
// only, when set, limits the check to that key.
func (d *decoder) unique(obj []byte, prefix, only string) {
	seen := map[string]bool{}
	for _, k := range objectKeys(obj) {
		if only != "" && k != only {
			continue
		}
		if seen[k] {
			name, ptr := k, pointerTo(k)
			if prefix != "" {
				name, ptr = prefix+"."+k, pointerTo(prefix, k)
			}
			d.report(ptr, "%s: key written twice (JSON would keep only the last)", name)
			return
		}
		seen[k] = true
	}
}

// objectKeys lists the keys of a JSON object, in order, duplicates
// included. obj must be valid standard JSON.
func objectKeys(obj []byte) []string {
	var keys []string
	depth := 0
	for i := 0; i < len(obj); i++ {
		switch obj[i] {
		case '"':
			j := skipString(obj, i)
			if depth == 1 && followedByColon(obj, j+1) {
				var k string
				if json.Unmarshal(obj[i:j+1], &k) == nil {
					keys = append(keys, k)
				}
			}
			i = j
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
	}
	return keys
}

// followedByColon reports whether the first non-space byte at or after i
// is ':'.
func followedByColon(b []byte, i int) bool {
	j := firstByte(b[min(i, len(b)):])
	return j >= 0 && b[i+j] == ':'
}
