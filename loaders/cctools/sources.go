package cctools

// The Dataset.Source values of the package's loads: a transactions or
// performance log is Work Queue's or TaskVine's by its records (a log
// holding TaskVine's markers is TaskVine's), a task graph TaskVine's, a
// resource monitor series the monitor's, which both managers run.
const (
	WorkQueue       = "workqueue"
	TaskVine        = "taskvine"
	ResourceMonitor = "cctools"
)
