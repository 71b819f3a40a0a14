"""Run independent jobs on this machine's processes or on a Ray cluster, with the same results either way.

`run_jobs(work, jobs, ...)` calls `work(job)` for each job (a module-level function and picklable jobs, so a
worker process or a Ray task can run it) and returns the results in the jobs' order; `progress(result)` is
told of each as it arrives. The simulations and the post-game analysis both run on it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

BACKENDS = ("local", "ray")


def check_backend(backend: str, address: str | None, workers: int) -> None:
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if address is not None and backend != "ray":
        raise ValueError("an address is for the ray backend")
    if workers <= 0:
        raise ValueError("the number of workers must be positive")


def run_jobs(
    work: Callable[[Any], Any],
    jobs: Sequence,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[Any], None] | None = None,
) -> list:
    """`work(job)` for every job, in `workers` processes here ("local"; one runs them in this process) or as
    Ray tasks (on the cluster at `address`, or on a local one of `workers` CPUs started and stopped here)."""
    check_backend(backend, address, workers)
    results: list = [None] * len(jobs)
    if backend == "ray":
        _on_ray(work, jobs, workers, address, progress, results)
    elif workers == 1 or len(jobs) <= 1:
        for i, job in enumerate(jobs):
            results[i] = work(job)
            if progress:
                progress(results[i])
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
            pending = {pool.submit(work, job): i for i, job in enumerate(jobs)}
            for future in as_completed(pending):
                results[pending[future]] = future.result()
                if progress:
                    progress(results[pending[future]])
    return results


def _on_ray(work, jobs, workers: int, address: str | None, progress, results: list) -> None:
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'dinotable[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address is None:
            # "local": a new cluster of our own, even where RAY_ADDRESS or an earlier `ray start` names another.
            ray.init(address="local", num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    try:
        task = ray.remote(work)
        pending = {task.remote(job): i for i, job in enumerate(jobs)}
        waiting = list(pending)
        while waiting:
            done, waiting = ray.wait(waiting, num_returns=1)
            results[pending[done[0]]] = ray.get(done[0])
            if progress:
                progress(results[pending[done[0]]])
    finally:
        if started:
            ray.shutdown()
