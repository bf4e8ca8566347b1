// Package hostlist reads the host lists of Slurm and Flux (RFC 29):
// names separated by commas, each with any number of bracket groups of
// ranges, "cn[01-04,07]", whose zero padding the names keep.
package hostlist

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// MaxHosts bounds the expansion of one host list: a damaged list such
// as "cn[0-999999999]" is an error, not a billion names.
const MaxHosts = 1 << 20

// Expand expands a host list ("cn[01-04,07]",
// "cpn-q06-04-[01-02],cpn-u23-[17,25]", "rack[1-2]-n[1-3]") into host
// names, keeping the zero padding of each range; "" gives none.
func Expand(list string) ([]string, error) {
	if list == "" {
		return nil, nil
	}
	var out []string
	for rest, more := list, true; more; {
		var item string
		item, rest, more = cutTop(rest)
		if item == "" {
			return nil, errors.New("empty host name in node list")
		}
		hosts, err := expandOne(item, MaxHosts-len(out))
		if err != nil {
			return nil, err
		}
		out = append(out, hosts...)
	}
	return out, nil
}

// Check validates a host list as Expand reads it, without building
// the names.
func Check(list string) error {
	if list == "" {
		return nil
	}
	total := 0
	for rest, more := list, true; more; {
		var item string
		item, rest, more = cutTop(rest)
		if item == "" {
			return errors.New("empty host name in node list")
		}
		n := 1
		for item != "" {
			_, ranges, rest, found, err := bracket(item)
			if err != nil {
				return err
			}
			if !found {
				break
			}
			k, err := countRanges(ranges)
			if err != nil {
				return err
			}
			if n > MaxHosts/k {
				return fmt.Errorf("node list expands to more than %d hosts", MaxHosts)
			}
			n *= k
			item = rest
		}
		if total += n; total > MaxHosts {
			return fmt.Errorf("node list expands to more than %d hosts", MaxHosts)
		}
	}
	return nil
}

// countRanges counts the numbers of a bracket's ranges ("01-04,07").
func countRanges(ranges string) (int, error) {
	n := 0
	for rest, more := ranges, true; more; {
		var r string
		r, rest, more = strings.Cut(rest, ",")
		a, b, err := bounds(r)
		if err != nil {
			return 0, err
		}
		if n += int(b - a + 1); n > MaxHosts {
			return 0, fmt.Errorf("node list expands to more than %d hosts", MaxHosts)
		}
	}
	return n, nil
}

// bounds reads one range "01-04" or number "07".
func bounds(r string) (uint64, uint64, error) {
	lo, hi, isRange := strings.Cut(r, "-")
	if !isRange {
		hi = lo
	}
	a, err1 := strconv.ParseUint(lo, 10, 32)
	b, err2 := strconv.ParseUint(hi, 10, 32)
	if lo == "" || hi == "" || err1 != nil || err2 != nil || b < a {
		return 0, 0, fmt.Errorf("bad range %q in node list", r)
	}
	return a, b, nil
}

// cutTop cuts s at its first comma outside brackets.
func cutTop(s string) (item, rest string, more bool) {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			depth--
		case ',':
			if depth == 0 {
				return s[:i], s[i+1:], true
			}
		}
	}
	return s, "", false
}

// bracket finds the first bracket group of a host pattern: the text
// before it, its ranges and the text after it; found is false when the
// pattern has none.
func bracket(item string) (prefix, ranges, rest string, found bool, err error) {
	open := strings.IndexByte(item, '[')
	if open < 0 {
		if strings.IndexByte(item, ']') >= 0 {
			return "", "", "", false, errors.New("unbalanced ] in node list")
		}
		return item, "", "", false, nil
	}
	close := strings.IndexByte(item[open:], ']')
	if close < 0 || strings.IndexByte(item[:open], ']') >= 0 {
		return "", "", "", false, errors.New("unbalanced [ in node list")
	}
	close += open
	return item[:open], item[open+1 : close], item[close+1:], true, nil
}

// expandOne expands one host pattern with any number of bracket groups.
func expandOne(item string, limit int) ([]string, error) {
	prefix, ranges, rest, found, err := bracket(item)
	if err != nil {
		return nil, err
	}
	if !found {
		return []string{item}, nil
	}
	tails, err := expandOne(rest, limit)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, r := range strings.Split(ranges, ",") {
		a, b, err := bounds(r)
		if err != nil {
			return nil, err
		}
		lo, _, _ := strings.Cut(r, "-")
		if int(b-a+1)*len(tails) > limit-len(out) {
			return nil, fmt.Errorf("node list expands to more than %d hosts", MaxHosts)
		}
		width := len(lo)
		for v := a; v <= b; v++ {
			num := strconv.FormatUint(v, 10)
			if len(num) < width {
				num = strings.Repeat("0", width-len(num)) + num
			}
			for _, t := range tails {
				out = append(out, prefix+num+t)
			}
		}
	}
	return out, nil
}
