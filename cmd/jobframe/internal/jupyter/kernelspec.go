package jupyter

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Spec is a kernelspec's kernel.json.
type Spec struct {
	Argv          []string `json:"argv"`
	DisplayName   string   `json:"display_name"`
	Language      string   `json:"language"`
	InterruptMode string   `json:"interrupt_mode"`
}

// KernelsDir returns the folder of kernelspecs Jupyter reads: under
// prefix (share/jupyter/kernels) when it is set, else the user's
// (~/.local/share/jupyter/kernels; ~/Library/Jupyter/kernels on macOS)
// when user is set, else the system's (/usr/local/share/jupyter/kernels).
func KernelsDir(user bool, prefix string) (string, error) {
	switch {
	case prefix != "":
		return filepath.Join(prefix, "share", "jupyter", "kernels"), nil
	case user:
		if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
			return filepath.Join(d, "kernels"), nil
		}
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		if runtime.GOOS == "darwin" {
			return filepath.Join(home, "Library", "Jupyter", "kernels"), nil
		}
		if d := os.Getenv("XDG_DATA_HOME"); d != "" {
			return filepath.Join(d, "jupyter", "kernels"), nil
		}
		return filepath.Join(home, ".local", "share", "jupyter", "kernels"), nil
	}
	return "/usr/local/share/jupyter/kernels", nil
}

// Install writes the kernelspec named name (its folder under dir) that
// starts exe with "kernel -f CONNECTION_FILE", and returns its folder.
// Interrupts are sent as messages (interrupt_request), which reach the
// kernel wherever it runs.
func Install(dir, name, displayName, exe string) (string, error) {
	spec := Spec{Argv: []string{exe, "kernel", "-f", "{connection_file}"}, DisplayName: displayName,
		Language: "go", InterruptMode: "message"}
	b, err := json.MarshalIndent(spec, "", "  ")
	if err != nil {
		return "", err
	}
	folder := filepath.Join(dir, name)
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return "", fmt.Errorf("kernelspec: %w", err)
	}
	if err := os.WriteFile(filepath.Join(folder, "kernel.json"), append(b, '\n'), 0o644); err != nil {
		return "", fmt.Errorf("kernelspec: %w", err)
	}
	return folder, nil
}
