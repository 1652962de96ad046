package conformance

// pair matches frame a of one run with frame b of the other; -1 marks a
// frame with no partner.
type pair struct{ a, b int }

// align pairs the frames of two runs by a longest common subsequence of
// their kinds, so one missing or extra frame does not shift the rest.
func align(a, b []Frame) []pair {
	ka, kb := kinds(a), kinds(b)
	// lcs[i][j] is the LCS length of ka[i:] and kb[j:].
	lcs := make([][]int, len(ka)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(kb)+1)
	}
	for i := len(ka) - 1; i >= 0; i-- {
		for j := len(kb) - 1; j >= 0; j-- {
			if ka[i] == kb[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []pair
	i, j := 0, 0
	for i < len(ka) && j < len(kb) {
		switch {
		case ka[i] == kb[j]:
			out = append(out, pair{i, j})
			i, j = i+1, j+1
		case lcs[i+1][j] >= lcs[i][j+1]:
			out = append(out, pair{i, -1})
			i++
		default:
			out = append(out, pair{-1, j})
			j++
		}
	}
	for ; i < len(ka); i++ {
		out = append(out, pair{i, -1})
	}
	for ; j < len(kb); j++ {
		out = append(out, pair{-1, j})
	}
	return out
}

func kinds(fs []Frame) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = Kind(f)
	}
	return out
}
