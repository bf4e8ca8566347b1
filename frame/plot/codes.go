package plot

import (
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/jobframe/jobframe/frame"
)

// textCodes returns a column's values as frame.Texts gives them (a null
// string as ""), each as a code into values, whose texts are distinct:
// a million bars of a few workers and states hold a code each rather
// than a string. A dictionary column's codes are its indices (each
// distinct value once); another column's texts are numbered in order of
// appearance.
func textCodes(g *frame.Frame, name string) (codes []int32, values []string, err error) {
	col, err := g.Col(name)
	if err != nil {
		return nil, nil, err
	}
	canon := map[string]int32{}
	code := func(s string) int32 {
		c, ok := canon[s]
		if !ok {
			c = int32(len(values))
			canon[s] = c
			values = append(values, s)
		}
		return c
	}
	if d, ok := col.Arrow().(*array.Dictionary); ok {
		if dict, ok := d.Dictionary().(*array.String); ok {
			if idx, ok := d.Indices().(*array.Int32); ok {
				of := make([]int32, dict.Len()) // dictionary index → code
				for k := range of {
					of[k] = code(dict.Value(k))
				}
				codes = make([]int32, d.Len())
				for i, k := range idx.Int32Values() {
					if d.IsNull(i) {
						codes[i] = code("")
					} else {
						codes[i] = of[k]
					}
				}
				return codes, values, nil
			}
		}
	}
	texts, err := g.Texts(name)
	if err != nil {
		return nil, nil, err
	}
	codes = make([]int32, len(texts))
	for i, s := range texts {
		if i > 0 && s == texts[i-1] { // runs of one value: a map lookup each
			codes[i] = codes[i-1]
		} else {
			codes[i] = code(s)
		}
	}
	return codes, values, nil
}
