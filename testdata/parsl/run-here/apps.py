import os, time
from parsl import python_app, bash_app

@python_app
def busy(seconds):
    import time
    t = time.time()
    x = 0
    while time.time() - t < seconds:
        x += 1
    return x

@python_app
def flaky(marker):
    import os
    if not os.path.exists(marker):
        open(marker, "w").close()
        raise RuntimeError("first try fails")
    return "ok"

@python_app
def broken():
    raise ValueError("always fails")

@python_app
def after(x):
    return x

@python_app(cache=True)
def square(n):
    return n * n

@bash_app
def shell(seconds, stdout=None, stderr=None):
    return f"sleep {seconds}; echo done"

