"""Drive the jobframe kernel with Jupyter's own client library.

Run by cmd/jobframe/kernel_test.go as
    /usr/bin/python3 kernel_client.py JUPYTER_DATA_DIR TESTDATA LOG
with the kernelspec "jobframe" installed under JUPYTER_DATA_DIR/kernels.
Every check prints one "ok ..." line; a failure raises (exit 1).
"""
import os
import queue
import signal
import sys
import time

from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from jupyter_client.session import Session

data_dir, testdata, log_path = sys.argv[1:4]
ksm = KernelSpecManager(kernel_dirs=[os.path.join(data_dir, "kernels")])
spec = ksm.get_kernel_spec("jobframe")
assert spec.display_name == "jobframe (Go)", spec.display_name
assert spec.language == "go", spec.language
print("ok kernelspec", spec.display_name)

log = open(log_path, "w")
km = KernelManager(kernel_name="jobframe", kernel_spec_manager=ksm)
km.start_kernel(stderr=log)
kc = km.client()
kc.start_channels()


def stop():
    """Never leave a kernel behind, whatever failed."""
    if km.is_alive():
        km.shutdown_kernel(now=True)


import atexit
atexit.register(stop)
kc.wait_for_ready(timeout=60)
info = kc.kernel_info(reply=True, timeout=10)["content"]
assert info["protocol_version"] == "5.3", info
assert info["language_info"]["name"] == "go", info
print("ok kernel_info", info["implementation"], info["protocol_version"])


def run(code, timeout=30):
    """Execute code; return (reply content, iopub messages of the cell)."""
    outputs = []
    reply = kc.execute_interactive(code, timeout=timeout, output_hook=outputs.append)
    return reply["content"], outputs


def results(outputs, kind):
    return [m["content"] for m in outputs if m["header"]["msg_type"] == kind]


# A value, a stream, state kept between cells.
rep, out = run("x := 40")
assert rep["status"] == "ok", rep
rep, out = run("x + 2")
assert results(out, "execute_result")[0]["data"]["text/plain"] == "42", out
rep, out = run('fmt.Println("hello")\nfmt.Fprintln(os.Stderr, "warn")')
streams = {s["name"]: s["text"] for s in results(out, "stream")}
assert streams == {"stdout": "hello\n", "stderr": "warn\n"}, streams
print("ok execute: value, stdout and stderr streams")

# A frame shows as an HTML table; the last expression of a cell is its value.
rep, out = run('d, err := loaders.Open("%s/hq/synthetic_v0.26_journal.jsonl")\n'
               'tasks, err := d.Frame("tasks")\n'
               'tasks.Where("state", "==", "failed").Select("job", "task", "state")' % testdata)
assert rep["status"] == "ok", rep
data = results(out, "execute_result")[0]["data"]
assert "<table" in data["text/html"] and "3 rows × 3 columns" in data["text/html"], data
assert "[3 rows x 3 columns]" in data["text/plain"], data
print("ok frame as text/html")

# A frame wider than 120 characters: its text keeps the first and last
# columns around "...", each line within 120; its HTML has them all.
rep, out = run('tasks.Head(2)')
assert rep["status"] == "ok", rep
data = results(out, "execute_result")[0]["data"]
lines = data["text/plain"].splitlines()
assert "[2 rows x 26 columns]" in lines and "  ...  " in lines[0], data["text/plain"]
assert max(len(l) for l in lines) <= 120, data["text/plain"]
assert "end_line" in data["text/html"] and "req_estimated" in data["text/html"], data["text/html"]
print("ok a wide frame's text elided to 120 characters")

# A figure shows as a PNG.
rep, out = run('h := ops.Histogram(ops.Durations(tasks), "run_s", 5)\n'
               'plot.New("Run time", "run time (s)", "attempts").Hist(h, "run_s")')
assert rep["status"] == "ok", rep
png = results(out, "execute_result")[0]["data"]["image/png"]
import base64
assert base64.b64decode(png)[:8] == b"\x89PNG\r\n\x1a\n", png[:20]
print("ok figure as image/png", len(png), "base64 bytes")

# Completion, inspection, is_complete.
code = "tasks.Wh"
c = kc.complete(code, len(code), reply=True, timeout=10)["content"]
assert c["matches"] == ["Where"], c
assert (c["cursor_start"], c["cursor_end"]) == (6, 8), c
c = kc.complete("strings.ToUp", 12, reply=True, timeout=10)["content"]
assert "ToUpper" in c["matches"], c
print("ok complete", c["matches"])
i = kc.inspect("ops.Busy", 8, reply=True, timeout=10)["content"]
assert i["found"] and "Busy returns" in i["data"]["text/plain"], i
print("ok inspect ops.Busy")
for code, want in [("func f() {", "incomplete"), ("x := 1", "complete"), ("x := )", "invalid")]:
    msg_id = kc.is_complete(code)
    reply = kc.get_shell_msg(timeout=10)
    assert reply["parent_header"]["msg_id"] == msg_id, reply
    s = reply["content"]["status"]
    assert s == want, (code, s, want)
print("ok is_complete")

# Errors: Go's compile error; a panic; the next cell works.
rep, out = run('v := strings.Cut("a=b", "=")')
assert rep["status"] == "error" and rep["ename"] == "CompileError", rep
assert rep["evalue"] == "1:6: assignment mismatch: 1 variable but strings.Cut returns 3 values", rep
rep, out = run('var m map[string]int\nm["a"] = 1')
assert rep["status"] == "error" and rep["ename"] == "panic", rep
assert "assignment to entry in nil map" in rep["evalue"], rep
assert results(out, "error"), out
rep, out = run("x")
assert results(out, "execute_result")[0]["data"]["text/plain"] == "40", out
print("ok errors, and the session goes on")


def interrupt_loop(how):
    msg_id = kc.execute("n := 0\nfor { n++ }")
    time.sleep(0.5)
    t0 = time.time()
    how()
    while True:
        reply = kc.get_shell_msg(timeout=10)
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    took = time.time() - t0
    assert reply["content"]["status"] == "error" and reply["content"]["ename"] == "interrupted", reply["content"]
    assert took < 2, took
    rep, out = run("x")
    assert results(out, "execute_result")[0]["data"]["text/plain"] == "40", out
    return took


took = interrupt_loop(km.interrupt_kernel)  # interrupt_request on the control channel
print("ok interrupt_request stopped for {} in %.3f s" % took)
took = interrupt_loop(lambda: km.signal_kernel(signal.SIGINT))
print("ok SIGINT stopped for {} in %.3f s" % took)

# A message signed with another key is dropped (and logged); the kernel goes on.
bad = Session(key=b"not the key", username="intruder")
bad.send(kc.shell_channel.socket, "execute_request", {"code": "x = 0", "silent": False})
try:
    kc.get_shell_msg(timeout=1)
    raise AssertionError("a reply to a badly signed message")
except queue.Empty:
    pass
rep, out = run("x")
assert results(out, "execute_result")[0]["data"]["text/plain"] == "40", out
print("ok bad signature dropped")

# What ends a Go program (a panic in a goroutine, memory it cannot get, a
# stack overflow) ends the cell's session, not the kernel: the runtime's
# message is on the cell's stderr, the reply says so, the kernel answers,
# and the next cell runs in a new session.
def ends_session(code, message, timeout=120):
    rep, out = run("y := 1", timeout=timeout)
    assert rep["status"] == "ok", rep
    t0 = time.time()
    rep, out = run(code, timeout=timeout)
    took = time.time() - t0
    assert rep["status"] == "error" and rep["ename"] == "SessionEnded", rep
    assert "The next cell runs in a new session" in rep["evalue"], rep
    stderr = "".join(s["text"] for s in results(out, "stream") if s["name"] == "stderr")
    assert message in stderr, (message, stderr[:2000])
    info = kc.kernel_info(reply=True, timeout=10)["content"]
    assert info["implementation"] == "jobframe", info
    rep, out = run("y")
    assert rep["status"] == "error" and "undefined: y" in rep["evalue"], rep
    rep, out = run("1 + 1")
    assert results(out, "execute_result")[0]["data"]["text/plain"] == "2", out
    return took


took = ends_session('go func() { panic("boom in a goroutine") }()\ntime.Sleep(2 * time.Second)', "panic: boom in a goroutine")
print("ok a goroutine's panic ends the session, not the kernel (%.2f s)" % took)
took = ends_session("b := make([]byte, 1<<45)\nb[0] = 1", "out of memory")
print("ok an allocation of 32 TiB ends the session, not the kernel (%.2f s)" % took)
took = ends_session("var f func(int) int\nf = func(n int) int { return f(n+1) + 1 }\nf(0)", "stack")
print("ok unbounded recursion ends the session, not the kernel (%.2f s)" % took)

# Restart: shutdown_request(restart=True), then a new kernel with a new
# session, where x is gone.
km.restart_kernel(now=False)
kc.wait_for_ready(timeout=60)
rep, out = run("x")
assert rep["status"] == "error" and "undefined: x" in rep["evalue"], rep
rep, out = run("1 + 1")
assert results(out, "execute_result")[0]["data"]["text/plain"] == "2", out
print("ok restart: a new session")

km.shutdown_kernel(now=False)
assert not km.is_alive()
kc.stop_channels()
log.close()
text = open(log_path).read()
assert "message dropped: bad signature" in text, text
assert text.count("the session's process ended during execute") == 3, text
print("ok shutdown; the kernel logged the bad signature and the three ended sessions")
