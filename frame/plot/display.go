package plot

import "bytes"

// PNG returns the figure drawn as a PNG image at its size (Size; 96
// dpi), or nil when it cannot be drawn (Err, or Render's error). Jupyter
// kernels for Go (jobframe's, GoNB, gophernotes) show a value with a PNG
// method inline as this image.
func (f *Figure) PNG() []byte {
	var b bytes.Buffer
	if f.Render(&b, "png") != nil {
		return nil
	}
	return b.Bytes()
}

// SVG returns the figure drawn as an SVG document, or "" when it cannot
// be drawn; notebooks that prefer vector images show this.
func (f *Figure) SVG() string {
	var b bytes.Buffer
	if f.Render(&b, "svg") != nil {
		return ""
	}
	return b.String()
}
