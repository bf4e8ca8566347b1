import os, sys, time
import parsl
from parsl import python_app, bash_app
from parsl.config import Config
from parsl.executors import ThreadPoolExecutor
from parsl.providers import LocalProvider
from parsl.monitoring import MonitoringHub

config = Config(
    executors=[ThreadPoolExecutor(label="threads", max_threads=2)],
    monitoring=MonitoringHub(hub_address="127.0.0.1", resource_monitoring_interval=1, workflow_name="jobframe-demo"),
    retries=1,

    run_dir="/tmp/parslrun/runinfo",
)

from apps import busy, flaky, broken, after, square, shell

with parsl.load(config):
    marker = f"/tmp/parslrun/marker-{os.getpid()}"
    b = [busy(2.5) for _ in range(3)]
    f = flaky(marker)
    bad = broken()
    dep = after(bad)
    s1 = square(7)
    s1.result()
    s2 = square(7)
    sh = shell(1, stdout="/tmp/parslrun/sh.out", stderr="/tmp/parslrun/sh.err")
    chain = after(b[0])
    for fut in b + [f, dep, s1, s2, sh, chain, bad]:
        try:
            fut.result()
        except Exception as e:
            print("failed:", type(e).__name__, e)
